import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, formatDayMonthYearTime, formatMoney, type ApiFailure } from '@ticketing/shared';
import type { AreaReservation, CancelQuoteResponse, CancelReservationResponse, CustomerAreaData } from '@ticketing/shared/contracts';
import { failureKey, useCancelQuoteQuery, useCancelReservationMutation } from '../api';
import { NAMESPACE } from '../locales';
import styles from './area.module.css';
import { focusWhenShown } from './focus';
import { refundSentence } from './refundText';

type Lang = Parameters<typeof formatMoney>[1];

/** The fee rule as a sentence (the amounts themselves come from the api's answer). */
function feeText(t: (k: string, o?: Record<string, unknown>) => string, fee: CustomerAreaData['cancellation']['fee'], lang: Lang): string {
  if (fee.kind === 'percent') return t('area.reservations.feePercent', { value: fee.value });
  return t(fee.kind === 'fixed' ? 'area.reservations.feeFixed' : 'area.reservations.feePerTicket', { amount: formatMoney(fee.value, lang) });
}

type T = (k: string, o?: Record<string, unknown>) => string;

export const quoteText = (t: T, q: CancelQuoteResponse, lang: Lang, toCredit: boolean): string =>
  refundSentence(t, q, lang, toCredit, {
    split: 'area.reservations.quoteSplit', plain: 'area.reservations.quote', backOnly: 'area.reservations.quoteBackOnly', nothing: 'area.reservations.quoteNothing',
  });

/** The outcome; to the account credit, it names the credit's voucher (masked), its balance and how it pays. */
export const doneText = (t: T, done: CancelReservationResponse, lang: Lang): string =>
  refundSentence(t, done, lang, done.refundToTransactionCredit, {
    split: 'area.reservations.doneSplit', plain: done.refundToTransactionCredit ? 'area.reservations.doneCredit' : 'area.reservations.done',
    backOnly: 'area.reservations.doneBackOnly', nothing: 'area.reservations.doneNothing',
  }, done.credit);

/** The refund of the tickets chosen, as the api reckons it (asked again whenever the choice changes), and where it goes. */
function Quote({ id, items, toCredit }: { id: number; items: number[]; toCredit: boolean }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const lang = i18n.language as Lang;
  const q = useCancelQuoteQuery({ id, items: [...items].sort((a, b) => a - b) });
  if (q.error) return <ErrorNotice messageKey={failureKey(q.error)} onRetry={() => void q.refetch()} />;
  return (
    <p role="status" className={styles.quote}>
      {q.data && !q.isFetching ? quoteText(t, q.data, lang, toCredit) : t('area.reservations.quoting')}
    </p>
  );
}

/** What the order was paid in all (not only its tickets' prices), and what its cancellations gave back. */
function Paid({ r }: { r: AreaReservation }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const lang = i18n.language as Lang;
  const of: string[] = [];
  if (r.fees) of.push(t('area.reservations.paidFees', { amount: formatMoney(r.fees, lang) }));
  if (r.products) of.push(t('area.reservations.paidProducts', { amount: formatMoney(r.products, lang) }));
  return (
    <>
      <p>{[t('area.reservations.paid', { total: formatMoney(r.total, lang) }), ...of].join(' · ')}</p>
      {!!r.refunded && <p>{t('area.reservations.refunded', { amount: formatMoney(r.refunded, lang) })}</p>}
    </>
  );
}

function ReservationCard({ r, cancellation }: { r: AreaReservation; cancellation: CustomerAreaData['cancellation'] | null }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  // a seat by its section, row and seat; a place without a seat (standing, streaming) by its section alone
  const placeOf = (x: AreaReservation['tickets'][number]) => (x.row !== null && x.seat !== null
    ? t('area.reservations.seat', { section: x.sectionName, row: x.row, seat: x.seat }) : x.sectionName);
  const lang = i18n.language as Lang;
  const dialog = useRef<HTMLDialogElement>(null);
  const [credit, setCredit] = useState(false);
  const cancellableIds = r.tickets.filter((x) => x.cancellable).map((x) => x.id);
  const [chosen, setChosen] = useState<number[]>(cancellableIds);
  const [chooseError, setChooseError] = useState(false);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<CancelReservationResponse>();
  const [cancel, state] = useCancelReservationMutation();
  const canCancel = !!cancellation?.enabled && r.tickets.some((x) => x.cancellable);
  const confirm = async () => {
    if (chosen.length === 0) { setChooseError(true); return; }
    dialog.current?.close();
    const res = await cancel({ id: r.id, itemsToCancel: chosen, refundToTransactionCredit: credit });
    if ('data' in res) setDone(res.data);
    focusWhenShown(() => outcome.current);
  };
  const outcome = useRef<HTMLDivElement>(null);
  return (
    <li className="tx-card" aria-labelledby={`res-${r.id}`}>
      <h3 id={`res-${r.id}`}>{r.title}</h3>
      <p><span dir="ltr">{formatDayMonthYearTime(r.startsAt)}</span> · {t('area.reservations.number', { number: r.identifier })}</p>
      {/* where: the cinema and the hall, as the e-ticket says them */}
      {r.locationName && <p>{r.venueName ? `${r.locationName} · ${r.venueName}` : r.locationName}</p>}
      <ul>
        {r.tickets.map((x) => (
          <li key={x.id}>
            {placeOf(x)} · {formatMoney(x.price, lang)}
            {x.status === 'cancelled' && <> · <strong>{t('area.reservations.cancelled')}</strong></>}
          </li>
        ))}
      </ul>
      {!r.isHold && r.status !== 'held-unpaid' && <Paid r={r} />}
      {(r.isHold || r.status === 'held-unpaid') && <p>{t('area.reservations.holdUnpaid')}</p>}
      {r.eTicketUrl && r.status !== 'cancelled' && <p><a href={`${r.eTicketUrl}${r.eTicketUrl.includes('?') ? '&' : '?'}from=account`}>{t('area.reservations.eTicket')}</a></p>}
      {/* the outcome takes the focus after "Yes, cancel" (the dialog closed, the button may be gone) */}
      <div ref={outcome} tabIndex={-1} className={styles.outcome}>
        {done && (
          <p role="status">{doneText(t, done, lang)}</p>
        )}
        {state.error && <ErrorNotice messageKey={failureKey(state.error as ApiFailure)} />}
      </div>
      {canCancel && cancellation && (
        <>
          <button type="button" className="tx-btn-secondary" onClick={() => { setChosen(cancellableIds); setChooseError(false); setAsking(true); dialog.current?.showModal(); }} disabled={state.isLoading}>
            {t('area.reservations.cancel')}
          </button>
          <dialog ref={dialog} aria-labelledby={`cancel-${r.id}`} onClose={() => setAsking(false)}>
            <h4 id={`cancel-${r.id}`}>{t('area.reservations.confirmTitle', { title: r.title })}</h4>
            <fieldset>
              <legend>{t('area.reservations.choose')}</legend>
              {r.tickets.filter((x) => x.cancellable).map((x) => (
                <label key={x.id} style={{ display: 'block' }}>
                  <input type="checkbox" checked={chosen.includes(x.id)}
                    onChange={(e) => { setChooseError(false); setChosen((c) => (e.target.checked ? [...c, x.id] : c.filter((id) => id !== x.id))); }} />{' '}
                  {placeOf(x)} · {formatMoney(x.price, lang)}
                </label>
              ))}
            </fieldset>
            {chooseError && <p role="alert" className="tx-error">{t('area.reservations.chooseOne')}</p>}
            <p>{feeText(t, cancellation.fee, lang)}</p>
            {/* the refund before confirming (it appeared only after): the api's figure for the tickets ticked */}
            {asking && chosen.length > 0 && <Quote id={r.id} items={chosen} toCredit={credit} />}
            <p>{t('area.reservations.serviceFees')}</p>
            <label>
              <input type="checkbox" checked={credit} onChange={(e) => setCredit(e.target.checked)} aria-describedby={`credit-${r.id}`} /> {t('area.reservations.toCredit')}
            </label>
            {/* what the account credit is (it was promised and existed nowhere): a voucher of theirs that pays at checkout */}
            <p id={`credit-${r.id}`} className={styles.hint}>{t('area.reservations.toCreditHint')}</p>
            <p>
              <button type="button" className="tx-btn" onClick={() => void confirm()}>{t('area.reservations.confirm')}</button>{' '}
              <button type="button" className="tx-btn-secondary" onClick={() => dialog.current?.close()}>{t('area.reservations.keep')}</button>
            </p>
          </dialog>
        </>
      )}
    </li>
  );
}

/** Upcoming (cancellable where allowed) and past reservations. */
export function ReservationsSection({ data }: { data: CustomerAreaData }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <section className="tx-card" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">{t('area.reservations.upcoming')}</h2>
        {data.upcoming.length === 0 ? <p>{t('area.reservations.none')}</p> : (
          <ul className={styles.items}>{data.upcoming.map((r) => <ReservationCard key={r.id} r={r} cancellation={data.cancellation} />)}</ul>
        )}
      </section>
      <section className="tx-card" aria-labelledby="past-title">
        <h2 id="past-title">{t('area.reservations.past')}</h2>
        {data.past.length === 0 ? <p>{t('area.reservations.none')}</p> : (
          <ul className={styles.items}>{data.past.map((r) => <ReservationCard key={r.id} r={r} cancellation={null} />)}</ul>
        )}
      </section>
    </>
  );
}
