import { Spinner, StaffLoginForm, lazyScreen, useStaffSession } from '@ticketing/shared';
import { useSignInFocus } from './lib/signInFocus';

const Dashboard = lazyScreen(() => import(/* webpackChunkName: "preslive-dashboard" */ './Dashboard').then((m) => m.default), <section className="tx-page"><Spinner /></section>);

/** PresLive (/PRES-live): staff sign-in, then the live dashboard and reports (fetched once someone starts to sign in). */
export function App() {
  const { state, login, logout, expired } = useStaffSession();
  // each refused answer is a new state object: the focus is looked at after every one
  const signInForm = useSignInFocus(state.status === 'anonymous' && !state.busy && state.errorKey ? state : undefined);

  if (state.status === 'loading') return <section className="tx-page"><Spinner /></section>;
  if (state.status === 'anonymous') {
    return (
      // the dashboard's chunk comes while the credentials are typed, so signing in does not wait for it
      // and is shown at once after signing in (see lazyScreen)
      <section className="tx-page" ref={signInForm} onFocus={() => { Dashboard.preload().catch(() => { /* its own load reports it */ }); }}>
        <StaffLoginForm onSubmit={(c) => void login(c)} busy={state.busy} errorKey={state.errorKey} errorValues={state.errorValues} />
      </section>
    );
  }
  return <Dashboard state={state} logout={() => void logout()} expired={expired} />;
}
