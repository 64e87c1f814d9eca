import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { customerSignInUrl, ErrorNotice, WaitingListEntryResponse, type ApiFailure, type Presentation, type WaitingListEntry, type WaitingListJoinBody } from '@ticketing/shared';
import { bookingApi } from '../api/bookingApi';
import { useCurrentCustomerQuery } from '../api/orderApi';
import { useSeatsStatusV2Query } from '../api/seatsApi';
import { NAMESPACE } from '../locales';
import styles from './order.module.css';

/** The customer area's join call (api waitlist domain); state-changing, so the shared base adds the customer session's CSRF echo. */
const waitingListApi = bookingApi.injectEndpoints({
  endpoints: (b) => ({
    joinWaitingList: b.mutation<WaitingListEntry, WaitingListJoinBody>({
      query: (body) => ({ url: '/customer-area/waiting-list', method: 'POST', body }),
      transformResponse: (raw: unknown) => WaitingListEntryResponse.parse(raw).entry,
    }),
  }),
});

/** Fewer free places than this share of the hall: a party may not find seats together, so the offer is shown folded. */
const FEW_FREE_SHARE = 0.1;

/**
 * "Join the waiting list" on the seat step (issue 9 item 5): open when the presentation is sold out, folded
 * when few places are left (the api refuses with WAITLIST_SEATS_AVAILABLE when the party can be seated now,
 * so the browser never judges adjacency itself). Signed out, it links to the customer sign-in, which
 * brings the visitor back to this page.
 */
export function WaitingListOffer({ presentation }: { presentation: Presentation }) {
  const { t } = useTranslation(NAMESPACE);
  const status = useSeatsStatusV2Query({ presentationId: presentation.id, isReserved: presentation.isReserved }).currentData;
  if (!status || status.held.length > 0) return null;
  const sections = Object.values(status.sections);
  const available = sections.reduce((n, s) => n + s.available, 0);
  const capacity = sections.reduce((n, s) => n + s.capacity, 0);
  if (available === 0) {
    return (
      <section className={`tx-card ${styles.waitingList}`} aria-labelledby="wl-offer-title" data-testid="waiting-list-offer">
        <h3 id="wl-offer-title">{t('waitingList.soldOut')}</h3>
        <JoinWaitingList presentationId={presentation.id} />
      </section>
    );
  }
  if (available >= capacity * FEW_FREE_SHARE) return null;
  return (
    <details className={`tx-card ${styles.waitingList}`} data-testid="waiting-list-offer">
      <summary>{t('waitingList.fewSeats')}</summary>
      <JoinWaitingList presentationId={presentation.id} />
    </details>
  );
}

function JoinWaitingList({ presentationId }: { presentationId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const ids = useId();
  // Asked again on every mount: back from signing in, the cached "nobody" is stale.
  const customer = useCurrentCustomerQuery(undefined, { refetchOnMountOrArgChange: true });
  const [party, setParty] = useState(2);
  const [adjacent, setAdjacent] = useState(true);
  const [join, state] = waitingListApi.useJoinWaitingListMutation();
  if (customer.isLoading) return null;
  if (!customer.data?.customerInfo) {
    return (
      <p>
        {t('waitingList.signInFirst')}{' '}
        <a data-spa href={customerSignInUrl()}>{t('waitingList.signIn')}</a>
      </p>
    );
  }
  if (state.isSuccess) return <Joined />;
  const submit = (e: FormEvent) => { e.preventDefault(); if (!state.isLoading) void join({ presentationId, partySize: party, adjacentOnly: adjacent }); };
  return (
    <form noValidate onSubmit={submit} aria-label={t('waitingList.join')}>
      <p>{t('waitingList.explain')}</p>
      <label htmlFor={`${ids}-party`}>{t('waitingList.partySize')}</label>{' '}
      <select id={`${ids}-party`} value={party} onChange={(e) => setParty(Number(e.target.value))}>
        {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
      </select>
      <p><label><input type="checkbox" checked={adjacent} onChange={(e) => setAdjacent(e.target.checked)} /> {t('waitingList.adjacentOnly')}</label></p>
      {/* not disabled while joining: the focus stays on it, then goes to the answer */}
      <button type="submit" className="tx-btn" aria-disabled={state.isLoading || undefined}>{t('waitingList.join')}</button>
      {state.error && <ErrorNotice messageKey={(state.error as ApiFailure).key ?? 'errors.generic'} />}
    </form>
  );
}

/** Joined: said where the form was, with the focus on it (the form and its button are gone). */
function Joined() {
  const { t } = useTranslation(NAMESPACE);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => { ref.current?.focus(); }, []);
  return <p role="status" tabIndex={-1} ref={ref} data-testid="waiting-list-joined">{t('waitingList.joined')} <a data-spa href="/customer">{t('waitingList.myLists')}</a></p>;
}
