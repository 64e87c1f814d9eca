import { customerSignInUrl } from '@ticketing/shared';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../locales';
import { useCurrentCustomerQuery } from '../api/orderApi';

/**
 * "Have an account? Sign in" on the customer info step: opens the customer sign-in (/customer) with this
 * order as the return address; back here, the step prefills from the shared customer session.
 * data-spa: the host navigates without a page load, so the order in memory (seats, step) stays.
 */
export function SignInLink() {
  const { t } = useTranslation(NAMESPACE);
  // Asked again on every mount: back from signing in, the cached "nobody" is stale and the step prefills from the answer.
  const { data: customer, isLoading } = useCurrentCustomerQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading || customer?.customerInfo) return null;
  return (
    <p>
      {t('customerInfo.haveAccount')}{' '}
      <a data-spa href={customerSignInUrl()}>{t('customerInfo.signIn')}</a>
    </p>
  );
}
