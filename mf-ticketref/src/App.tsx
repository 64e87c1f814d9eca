import { StaffLoginForm, type ApiFailure } from '@ticketing/shared';
import { useLoginMutation } from './api';

export function App() {
  const [login, { isLoading, error }] = useLoginMutation();
  return (
    <section className="tx-page">
      <StaffLoginForm onSubmit={(c) => void login(c)} busy={isLoading} errorKey={(error as ApiFailure | undefined)?.key} />
    </section>
  );
}
