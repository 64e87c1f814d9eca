import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, formatDayMonthYear, formatDayMonthYearTime, formatMoney, Spinner } from '@ticketing/shared';
import type { AreaVoucher } from '@ticketing/shared/contracts';
import { failureKey, useVoucherActionMutation, useVoucherHistoryQuery } from '../api';
import { NAMESPACE } from '../locales';
import styles from './area.module.css';
import { focusWhenShown } from './focus';

type Lang = Parameters<typeof formatMoney>[1];

function History({ reference }: { reference: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const h = useVoucherHistoryQuery(reference);
  if (h.isLoading) return <Spinner />;
  if (h.error) return <ErrorNotice messageKey={failureKey(h.error)} />;
  return (
    <ul aria-label={t('area.vouchers.historyOf', { code: reference })}>
      {(h.data ?? []).map((e, i) => (
        <li key={i}>
          <span dir="ltr">{formatDayMonthYearTime(e.date)}</span> · {t(`area.vouchers.event.${e.kind}`)}
          {/* a cancellation's refund shows what came back, as a redemption shows what was taken */}
          {(e.kind === 'redeemed' || (e.kind === 'refunded' && e.amount > 0)) && <> · {formatMoney(e.amount, i18n.language as Lang)}</>}
          {e.reservationIdentifier && <> · <bdi>{e.reservationIdentifier}</bdi></>}
        </li>
      ))}
    </ul>
  );
}

/** One voucher: its figures, cancel / replacement behind a confirmation, and its history on demand. */
function VoucherCard({ v }: { v: AreaVoucher }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const lang = i18n.language as Lang;
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<'cancel' | 'replacement'>();
  const [done, setDone] = useState<'cancel' | 'replacement'>();
  const [showHistory, setShowHistory] = useState(false);
  const [act, state] = useVoucherActionMutation();
  const ask = (a: 'cancel' | 'replacement') => { setPending(a); dialog.current?.showModal(); };
  const confirm = async () => {
    dialog.current?.close();
    if (!pending) return;
    const r = await act({ reference: v.reference, action: pending });
    if ('data' in r) setDone(pending);
    focusWhenShown(() => outcome.current);
  };
  const outcome = useRef<HTMLDivElement>(null);
  const status = v.status === 'cancelled' ? 'cancelled' : v.isForReplacement ? 'forReplacement' : 'active';
  return (
    <li className="tx-card" aria-labelledby={`v-${v.reference}`}>
      <h3 id={`v-${v.reference}`}>{v.name} · <bdi dir="ltr">{v.reference}</bdi></h3>
      <dl className={styles.facts}>
        {/* a cancelled voucher's balance is no longer usable: it said "₪100.00" as if it were */}
        <div><dt>{t('area.vouchers.balance')}</dt><dd>{v.status === 'cancelled' ? t('area.vouchers.balanceCancelled')
          : `${formatMoney(v.balance, lang)}${v.ticketBalance > 0 ? ` + ${t('area.vouchers.tickets', { count: v.ticketBalance })}` : ''}`}</dd></div>
        <div><dt>{t('area.vouchers.redeemed')}</dt><dd>{formatMoney(v.redeemed, lang)}</dd></div>
        <div><dt>{t('area.vouchers.purchased')}</dt><dd><bdi dir="ltr">{formatDayMonthYearTime(v.purchaseDate)}</bdi></dd></div>
        <div><dt>{t('area.vouchers.expires')}</dt><dd><bdi dir="ltr">{formatDayMonthYear(v.expirationDate)}</bdi></dd></div>
        <div><dt>{t('area.vouchers.status')}</dt><dd>{t(`area.vouchers.${status}`)}</dd></div>
      </dl>
      {/* the outcome takes the focus after "Yes, confirm" (the dialog closed, its opener gone) */}
      <div ref={outcome} tabIndex={-1} className={styles.outcome}>
        {done && <p role="status">{t(done === 'cancel' ? 'area.vouchers.doneCancel' : 'area.vouchers.doneReplacement')}</p>}
        {state.error && <ErrorNotice messageKey={failureKey(state.error)} />}
      </div>
      <p>
        {v.canCancel && <button type="button" className="tx-btn-secondary" onClick={() => ask('cancel')} disabled={state.isLoading}>{t('area.vouchers.cancel', { code: v.reference })}</button>}{' '}
        {v.canReplace && <button type="button" className="tx-btn-secondary" onClick={() => ask('replacement')} disabled={state.isLoading}>{t('area.vouchers.replace', { code: v.reference })}</button>}{' '}
        <button type="button" className="tx-btn-secondary" aria-expanded={showHistory} onClick={() => setShowHistory((x) => !x)}>
          {t('area.vouchers.history', { code: v.reference })}
        </button>
      </p>
      {showHistory && <History reference={v.reference} />}
      <dialog ref={dialog} aria-labelledby={`vq-${v.reference}`}>
        <h4 id={`vq-${v.reference}`}>{t(pending === 'replacement' ? 'area.vouchers.confirmReplace' : 'area.vouchers.confirmCancel', { code: v.reference })}</h4>
        {/* what a replacement is (the question alone did not say) */}
        {pending === 'replacement' && <p>{t('area.vouchers.replaceExplain')}</p>}
        <p>
          <button type="button" className="tx-btn" onClick={() => void confirm()}>{t('area.vouchers.yes')}</button>{' '}
          <button type="button" className="tx-btn-secondary" onClick={() => dialog.current?.close()}>{t('area.vouchers.no')}</button>
        </p>
      </dialog>
    </li>
  );
}

/** The customer's system vouchers (gift cards): code, benefit, balance, redeemed, dates, state, cancel, replacement, history. */
export function VouchersSection({ vouchers }: { vouchers: AreaVoucher[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="tx-card" aria-labelledby="vouchers-title">
      <h2 id="vouchers-title">{t('area.vouchers.title')}</h2>
      {vouchers.length === 0 ? <p>{t('area.vouchers.none')}</p> : <ul className={styles.items}>{vouchers.map((v) => <VoucherCard key={v.reference} v={v} />)}</ul>}
    </section>
  );
}
