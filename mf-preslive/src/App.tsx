import { Spinner, StaffLoginForm, lazyScreen, useStaffSession } from '@ticketing/shared';

const Dashboard = lazyScreen(() => import(/* webpackChunkName: "preslive-dashboard" */ './Dashboard').then((m) => m.default), <section className="tx-page"><Spinner /></section>);

/** PresLive (/PRES-live): staff sign-in, then the live dashboard and reports (fetched once someone starts to sign in). */
export function App() {
  const { state, login, logout, expired } = useStaffSession();

  if (state.status === 'loading') return <section className="tx-page"><Spinner /></section>;
  if (state.status === 'anonymous') {
    return (
      // the dashboard's chunk comes while the credentials are typed, so signing in does not wait for it
      // and is shown at once after signing in (see lazyScreen)
      <section className="tx-page" onFocus={() => { Dashboard.preload().catch(() => { /* its own load reports it */ }); }}>
        <StaffLoginForm onSubmit={(c) => void login(c)} busy={state.busy} errorKey={state.errorKey} errorValues={state.errorValues} />
      </section>
    );
  }
  return <Dashboard state={state} logout={() => void logout()} expired={expired} />;
}
