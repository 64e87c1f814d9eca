import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, DateInput, ErrorNotice, formatDayMonthYear, formatDayMonthYearTime, formatMoney, currentLocale, jerusalemDate, rules, Spinner, type ApiFailure, type TicketRefPromptRow, type TicketSalesRow } from '@ticketing/shared';
import { promptParams, useHistoryQuery, useSendTicketsMutation } from './api';
import { DataTable } from '@ticketing/shared';
import styles from './App.module.css';
import { NAMESPACE } from './locales';

/** Spec sections 7 and 9: detail level 1, one month back to today, date type 2 (sale date). */
export interface HistoryFilters { detailLevel: 1 | 2; startDate: string; endDate: string; dateType: 1 | 2 }
export function historyDefaults(today = jerusalemDate()): HistoryFilters {
  return { detailLevel: 1, startDate: addDays(today, -30), endDate: today, dateType: 2 };
}

/** Ticket sales history of a prompt, with resend by SMS per reservation. */
export function SalesHistory({ prompt, businessIds }: { prompt: TicketRefPromptRow; businessIds: number[] }) {
  const { t } = useTranslation(NAMESPACE);
  const [f, setF] = useState<HistoryFilters>(historyDefaults());
  const q = useHistoryQuery({ ...promptParams(prompt, businessIds), ...f });
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title', { prompt: `${prompt.Prompt} — ${prompt.TicketName}` })}</h2>
      <fieldset className={styles.filters}>
        <legend>{t('history.filters')}</legend>
        <label>{t('history.detailLevel')}{' '}
          <select value={f.detailLevel} onChange={(e) => setF({ ...f, detailLevel: Number(e.target.value) as 1 | 2 })}>
            <option value={1}>{t('history.perReservation')}</option><option value={2}>{t('history.perTicket')}</option>
          </select>
        </label>
        <label>{t('history.dateType')}{' '}
          <select value={f.dateType} onChange={(e) => setF({ ...f, dateType: Number(e.target.value) as 1 | 2 })}>
            <option value={2}>{t('history.bySaleDate')}</option><option value={1}>{t('history.byPresentationDate')}</option>
          </select>
        </label>
        <label>{t('history.start')}{' '}
          <DateInput value={f.startDate} max={f.endDate} onChange={(startDate) => setF({ ...f, startDate })} />
        </label>
        <label>{t('history.end')}{' '}
          <DateInput value={f.endDate} min={f.startDate} onChange={(endDate) => setF({ ...f, endDate })} />
        </label>
      </fieldset>
      {q.error && <ErrorNotice messageKey="errors.errorFetchingData" onRetry={() => void q.refetch()} />}
      {!q.data && !q.error && <Spinner />}
      {q.data && (
        <DataTable caption={t('history.caption', { start: formatDayMonthYear(q.data.startDate), end: formatDayMonthYear(q.data.endDate) })} filename={`ticket-ref-history-${prompt.PromptId}-${q.data.startDate}-${q.data.endDate}`}
          rows={q.data.rows} rowKey={(r, i) => `${r.ReservationId}-${r.Reference1}-${r.Seat ?? i}`}
          columns={[
            { key: 'id', header: t('cols.reservation'), rowHeader: true, value: (r) => r.ReservationIdentifier },
            { key: 'tx', header: t('cols.transaction'), value: (r) => formatDayMonthYearTime(r.TransactionDateTime) },
            { key: 'pr', header: t('cols.presentation'), value: (r) => `${r.FeatureName} · ${formatDayMonthYearTime(r.PresentationDateTime)} · ${r.LocationName}` },
            { key: 'r1', header: t('cols.reference1'), value: (r) => r.Reference1 },
            { key: 'r2', header: t('cols.reference2'), value: (r) => r.Reference2 },
            ...(q.data.detailLevel === 2 ? [{ key: 'seat', header: t('cols.seat'), value: (r: TicketSalesRow) => r.Seat }] : []),
            { key: 'q', header: t('cols.quantity'), numeric: true, value: (r) => r.Quantity },
            { key: 'a', header: t('cols.amount'), numeric: true, value: (r) => r.Amount, render: (r) => formatMoney(r.Amount, currentLocale()) },
            { key: 's', header: t('cols.resend'), value: (r) => r.MobileNumber, render: (r) => <Resend row={r} /> },
          ]} />
      )}
    </section>
  );
}

function Resend({ row }: { row: TicketSalesRow }) {
  const { t } = useTranslation(NAMESPACE);
  const [mobile, setMobile] = useState(row.MobileNumber ?? '');
  const [send, { isLoading }] = useSendTicketsMutation();
  const [message, setMessage] = useState<{ ok: boolean; key: string } | null>(null);
  const normalized = rules.normalizeMobile(mobile);
  const valid = /^05\d{8}$/.test(normalized);
  const go = async () => {
    try {
      const r = await send({ resId: row.ReservationIdentifier, mobileNumber: normalized }).unwrap();
      setMessage(r.success ? { ok: true, key: 'history.sent' } : { ok: false, key: 'history.sendFailed' });
    } catch (e) {
      setMessage({ ok: false, key: (e as ApiFailure).code === 'SMS_FAILED' ? 'history.smsFailed' : 'history.sendFailed' });
    }
  };
  return (
    <span className={styles.row}>
      <input className={`tx-input ${styles.mobile}`} type="tel" inputMode="tel" value={mobile} aria-invalid={!valid}
        aria-label={t('history.mobileFor', { reservation: row.ReservationIdentifier })} onChange={(e) => { setMobile(e.target.value); setMessage(null); }} />
      <button type="button" className="tx-btn-secondary" disabled={!valid || isLoading} onClick={() => void go()}>
        {t('history.send')}<span className="tx-visually-hidden"> {row.ReservationIdentifier}</span>
      </button>
      {message && <span role={message.ok ? 'status' : 'alert'} className={message.ok ? undefined : 'tx-error'}>{t(message.key)}</span>}
    </span>
  );
}
