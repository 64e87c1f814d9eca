import { lazy, Suspense } from 'react';
import { Spinner, StaffLoginForm, useStaffSession } from '@ticketing/shared';

const loadDashboard = () => import(/* webpackChunkName: "preslive-dashboard" */ './Dashboard');
const Dashboard = lazy(loadDashboard);

/** PresLive (/PRES-live): staff sign-in, then the live dashboard and reports (fetched once someone starts to sign in). */
export function App() {
  const { state, login, logout, expired } = useStaffSession();

  if (state.status === 'loading') return <section className="tx-page"><Spinner /></section>;
  if (state.status === 'anonymous') {
    return (
      // the dashboard's chunk comes while the credentials are typed, so signing in does not wait for it
      <section className="tx-page" onFocus={() => void loadDashboard()}>
        <StaffLoginForm onSubmit={(c) => void login(c)} busy={state.busy} errorKey={state.errorKey} />
      </section>
    );
  }
  return (
    <Suspense fallback={<section className="tx-page"><Spinner /></section>}>
      <Dashboard state={state} logout={() => void logout()} expired={expired} />
    </Suspense>
  );
}
