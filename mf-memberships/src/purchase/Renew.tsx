import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { customerSignInUrl, ErrorNotice, Spinner, type ApiFailure } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import { useRenewalQuery } from '../api';

/**
 * /membership/renew/{memberNumber}: the customer area links here. The signed-in customer's membership is looked up
 * and the purchase of that membership opens with the member number filled in for renewal.
 */
export function Renew() {
  const { t } = useTranslation(NAMESPACE);
  const memberNumber = useParams().memberNumber ?? '';
  const q = useRenewalQuery(memberNumber, { refetchOnMountOrArgChange: true });
  const f = q.error as ApiFailure | undefined;
  return (
    <section className="tx-page" aria-labelledby="renew-title">
      <h1 id="renew-title">{t('renew.title', { number: memberNumber })}</h1>
      {q.isLoading && <Spinner />}
      {f?.status === 401 && <div className="tx-card"><p role="status">{t('renew.signInFirst')}</p><a className="tx-btn" data-spa href={customerSignInUrl()}>{t('enrol.signIn')}</a></div>}
      {f && f.status !== 401 && <p role="alert" className="tx-error">{t(`errors.${f.code}`, { defaultValue: t('errors.GENERAL_ERROR') })}</p>}
      {q.data && <Navigate replace to={`/${encodeURIComponent(q.data.membershipCode)}?renew=${encodeURIComponent(q.data.memberNumber)}`} />}
    </section>
  );
}
