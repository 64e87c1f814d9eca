import { useEffect, useRef } from 'react';
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

interface Props {
  customer: CustomerInfo;
  /** Shown in place of the sign-in just completed: the greeting takes the focus (it fell to <body> with the form). */
  focusHeading?: boolean;
  onSignedOut: () => void;
  /** The area's data came again (after a cancellation, a voucher action…): the customer's own figures may have changed. */
  onAreaChanged?: () => void;
}

/** The customer area of a signed-in customer: a greeting, sign-out, and one section per subject. */
export function Area({ customer, focusHeading = false, onSignedOut, onAreaChanged }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const heading = useRef<HTMLHeadingElement>(null);
  // Once, on arrival: the greeting ("Hello, Rina") names the signed-in state and is read as the focus lands on it —
  // the one announcement of the sign-in; Tab goes on to the area's first control.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only, not when the prop later changes
  useEffect(() => { if (focusHeading) heading.current?.focus(); }, []);
  const [logout, out] = useLogoutMutation();
  const locale = useAreaLocale();
  const area = useAreaDataQuery(locale);
  // Memberships' tickets left and loyalty points come with the customer (sign-in, refresh), not with the area's data:
  // a cancellation gives member tickets and points back and refetches the area, so the customer is asked again too
  // (the section said "3 left" until a reload, with the tickets back).
  const fetchedAt = area.fulfilledTimeStamp;
  const lastFetch = useRef(fetchedAt);
  useEffect(() => {
    if (lastFetch.current !== undefined && fetchedAt !== lastFetch.current) onAreaChanged?.();
    lastFetch.current = fetchedAt;
  }, [fetchedAt]); // eslint-disable-line react-hooks/exhaustive-deps
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
      <h1 id="area-title" ref={heading} tabIndex={-1}>{t('area.title', { name: customer.FirstName })}</h1>
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
