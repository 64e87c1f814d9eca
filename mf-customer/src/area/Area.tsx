import { useTranslation } from 'react-i18next';
import { ErrorNotice, Spinner } from '@ticketing/shared';
import type { CustomerInfo } from '@ticketing/shared/contracts';
import { failureKey, useAreaDataQuery, useAreaLocale, useLogoutMutation, useVodQuery, useWaitingListQuery } from '../api';
import { ReservationsSection } from './ReservationsSection';
import { VouchersSection } from './VouchersSection';
import { NAMESPACE } from '../locales';
import { MembershipsSection } from './MembershipsSection';
import { SeasonSeatsSection } from './SeasonSeatsSection';
import { DetailsSection } from './DetailsSection';
import { VodSection } from './VodSection';
import { WaitlistSection } from './WaitlistSection';
import styles from './area.module.css';

/** The customer area of a signed-in customer: a greeting, sign-out, and one section per subject. */
export function Area({ customer, onSignedOut }: { customer: CustomerInfo; onSignedOut: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [logout, out] = useLogoutMutation();
  const locale = useAreaLocale();
  const area = useAreaDataQuery(locale);
  // The sections come together once the area's first calls have answered (each section reads its own from the same
  // cache): sections appearing one by one above the others moved them down the page while the visitor read (issue 12).
  const vod = useVodQuery(locale);
  const waitlist = useWaitingListQuery(locale);
  const loading = area.isLoading || vod.isLoading || waitlist.isLoading;
  const signOut = async () => {
    const r = await logout();
    if ('data' in r) onSignedOut();
  };
  return (
    <section className="tx-page" aria-labelledby="area-title">
      <h1 id="area-title">{t('area.title', { name: customer.FirstName })}</h1>
      <p className={styles.signOut}>
        <button type="button" className="tx-btn-secondary" onClick={() => void signOut()} disabled={out.isLoading}>{t('area.signOut')}</button>
      </p>
      {out.error && <ErrorNotice messageKey={failureKey(out.error)} />}
      {loading ? <Spinner /> : (
        <div className={styles.sections}>
          {area.error && <ErrorNotice messageKey={failureKey(area.error)} onRetry={() => void area.refetch()} />}
          {area.data && <ReservationsSection data={area.data} />}
          {area.data && <VouchersSection vouchers={area.data.systemVouchers} />}
          <MembershipsSection members={customer.Members} />
          <SeasonSeatsSection />
          <VodSection />
          <WaitlistSection />
          <DetailsSection customer={customer} />
        </div>
      )}
    </section>
  );
}
