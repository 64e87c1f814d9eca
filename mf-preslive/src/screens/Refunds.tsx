import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, formatDayMonthYearTime, isolateLtr, jerusalemDate, type Column, type RefundRow } from '@ticketing/shared';
import { useRefundsQuery, useResendRefundMutation } from '../dashboardApi';
import { DateRange, useDateRange } from '../lib/DateRange';
import { Loadable } from '../lib/Loadable';
import { LocationSelect } from '../lib/LocationSelect';
import { ReportTable } from '../lib/ReportTable';
import { idParam, useQueryParams } from '../lib/query';
import { money, num } from '../lib/format';
import styles from './screens.module.css';
import { NAMESPACE } from '../locales';

type Show = 'all' | 'open';

/**
 * What customer cancellations owe outside the vouchers that paid (eighteenth session: the card part was a number nobody
 * sent, and no screen showed it): each card refund with its order, date, amount and status — sent; pending (the payment
 * provider has not taken it yet: the api tries again by itself, the next try's time is shown); failed, with the reason,
 * and "Send again" where there is a payment to refund through — and each account credit, owed until the customer spends
 * it. `show=open`: only the card refunds still owed, whatever their date. The choices live in the address.
 */
export function Refunds() {
  const { t } = useTranslation(NAMESPACE);
  const today = jerusalemDate();
  const [params, setParams] = useQueryParams();
  const show: Show = params.get('show') === 'open' ? 'open' : 'all';
  const locationId = idParam(params.get('location'));
  const { range, ready, field } = useDateRange({ startDate: addDays(today, -30), endDate: today });

  return (
    <section aria-labelledby="refunds-title">
      <h2 id="refunds-title">{t('refunds.title')}</h2>
      <p className={styles.note}>{t('refunds.intro')}</p>
      <div className={styles.filters}>
        <label className={styles.field}>{t('refunds.show')}{' '}
          <select value={show} onChange={(e) => setParams({ show: e.target.value === 'open' ? 'open' : undefined })}>
            <option value="all">{t('refunds.showAll')}</option>
            <option value="open">{t('refunds.showOpen')}</option>
          </select>
        </label>
        <LocationSelect value={locationId ?? ''} onChange={(location) => setParams({ location })} />
      </div>
      {/* the dates choose nothing when only the refunds still owed are shown (any date) */}
      {show === 'all' && <DateRange {...field} />}
      {(ready || show === 'open') && <RefundList args={{ ...range, locationId, show }} />}
    </section>
  );
}

function RefundList({ args }: { args: { startDate: string; endDate: string; locationId?: number; show: Show } }) {
  const { t } = useTranslation(NAMESPACE);
  const q = useRefundsQuery(args);
  const [resend, resent] = useResendRefundMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; order: string }>();
  const said = useRef<HTMLParagraphElement>(null);
  const statusText = (r: RefundRow) => {
    if (r.Status === 'pending') return r.NextAttemptAt ? t('refunds.status.pendingNext', { time: formatDayMonthYearTime(r.NextAttemptAt) }) : t('refunds.status.pending');
    if (r.Status === 'sent') return r.SentAt ? t('refunds.status.sentAt', { time: formatDayMonthYearTime(r.SentAt) }) : t('refunds.status.sent');
    return t(`refunds.status.${r.Status}`);
  };
  const reasonText = (r: RefundRow) => {
    if (r.Kind === 'credit') return t('refunds.creditLeft', { code: isolateLtr(r.CreditVoucher ?? ''), amount: money(r.CreditBalance ?? 0) });
    if (!r.Reason) return '';
    return t(`refunds.reason.${r.Reason}`, { defaultValue: r.Reason });
  };
  const send = async (r: RefundRow) => {
    const res = await resend(r.Id);
    setOutcome({ ok: 'data' in res && res.data?.refund.Status === 'sent', order: r.ReservationIdentifier });
    requestAnimationFrame(() => said.current?.focus());
  };
  const columns: Column<RefundRow>[] = [
    { key: 'd', header: t('refunds.cols.date'), value: (r) => r.CreatedAt, render: (r) => <bdi dir="ltr">{formatDayMonthYearTime(r.CreatedAt)}</bdi> },
    { key: 'o', header: t('refunds.cols.order'), rowHeader: true, value: (r) => r.ReservationIdentifier, render: (r) => <bdi>{r.ReservationIdentifier}</bdi> },
    { key: 'l', header: t('cols.location'), value: (r) => r.LocationName },
    { key: 'k', header: t('refunds.cols.to'), value: (r) => t(`refunds.to.${r.Kind}`) },
    { key: 'a', header: t('refunds.cols.amount'), numeric: true, value: (r) => r.Amount, render: (r) => money(r.Amount) },
    { key: 's', header: t('refunds.cols.status'), value: (r) => statusText(r), render: (r) => <span className={styles.status} data-status={r.Status}>{statusText(r)}</span> },
    {
      key: 'r', header: t('refunds.cols.reason'), value: (r) => [reasonText(r), r.Detail].filter(Boolean).join(' — '),
      render: (r) => (
        <span className={styles.sentence}>
          {reasonText(r)}
          {r.Detail && <span className={styles.note}> ({r.Detail})</span>}
          {r.Kind === 'card' && r.Attempts > 1 && <span className={styles.note}> · {t('refunds.attempts', { n: num(r.Attempts) })}</span>}
        </span>
      ),
    },
    {
      key: 'x', header: t('refunds.cols.action'), value: () => '',
      render: (r) => (r.CanResend ? (
        <button type="button" className="tx-btn-secondary" disabled={resent.isLoading} onClick={() => void send(r)}>
          {t('refunds.resend')}<span className="tx-visually-hidden"> — {t('refunds.cols.order')} {r.ReservationIdentifier}</span>
        </button>
      ) : null),
    },
  ];
  return (
    <>
      <p ref={said} tabIndex={-1} role="status" className={styles.note}>
        {outcome && t(outcome.ok ? 'refunds.resent' : 'refunds.resendFailed', { order: outcome.order })}
      </p>
      <Loadable q={q}>{(d) => (
        <>
          <dl className={styles.totals} data-testid="refund-totals">
            <div><dt>{t('refunds.total.sent')}</dt><dd>{money(d.totals.sent)}</dd></div>
            <div><dt>{t('refunds.total.pending')}</dt><dd>{money(d.totals.pending)}</dd></div>
            <div><dt>{t('refunds.total.failed')}</dt><dd>{money(d.totals.failed)}</dd></div>
            <div><dt>{t('refunds.total.credited')}</dt><dd>{money(d.totals.credited)}</dd></div>
          </dl>
          <ReportTable caption={t(args.show === 'open' ? 'refunds.captionOpen' : 'refunds.caption')} filename={`refunds-${args.show}-${args.startDate}-${args.endDate}`}
            rows={d.rows} rowKey={(r) => `${r.Kind}-${r.Id}`} columns={columns} basis={t('basis.refunds')} />
        </>
      )}</Loadable>
    </>
  );
}
