import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, DateInput, ErrorNotice, formatDayMonthYear, formatDayMonthYearTime, formatMoney, currentLocale, jerusalemDate, Spinner, type ApiFailure, type TicketRefPromptRow, type TicketSalesRow } from '@ticketing/shared';
import { promptParams, useHistoryQuery, useSendTicketsMutation } from './api';
import { DataTable } from '@ticketing/shared';
import styles from './App.module.css';
import { NAMESPACE } from './locales';
import { detailsOf, mobileProblem, normalizedMobile, type Problem } from './validation';

/** Spec sections 7 and 9: detail level 1, one month back to today, date type 2 (sale date). */
export interface HistoryFilters { detailLevel: 1 | 2; startDate: string; endDate: string; dateType: 1 | 2 }
export function historyDefaults(today = jerusalemDate()): HistoryFilters {
  return { detailLevel: 1, startDate: addDays(today, -30), endDate: today, dateType: 2 };
}

/** Ticket sales history of a prompt, with resend by SMS per reservation. */
export function SalesHistory({ prompt, name, businessIds }: { prompt: TicketRefPromptRow; name: string; businessIds: number[] }) {
  const { t } = useTranslation(NAMESPACE);
  const [f, setF] = useState<HistoryFilters>(historyDefaults());
  const q = useHistoryQuery({ ...promptParams(prompt, businessIds), ...f });
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title', { prompt: name })}</h2>
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

/** What a refused send says. */
function sendRefusal(f: ApiFailure): Problem {
  if (f.code === 'SMS_RECENTLY_SENT') {
    const wait = detailsOf(f.data).retryAfterSeconds;
    return { key: 'history.recentlySent', values: { count: typeof wait === 'number' ? wait : 30 } };
  }
  if (f.code === 'SMS_LIMIT') return { key: 'history.smsLimit' };
  if (f.code === 'SMS_FAILED') return { key: 'history.smsFailed' };
  return { key: 'history.sendFailed' };
}

/**
 * Resend an order's tickets by SMS: Send is disabled while sending (three quick presses sent three messages);
 * a number that cannot be sent to is explained under the field when Send is pressed, tied to it; a screening
 * that has already taken place is noted (the send is not blocked).
 */
export function Resend({ row }: { row: TicketSalesRow }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [mobile, setMobile] = useState(row.MobileNumber ?? '');
  const [checked, setChecked] = useState(false);
  const [result, setResult] = useState<{ ok: true } | { ok: false; problem: Problem } | null>(null);
  const [send, { isLoading }] = useSendTicketsMutation();
  const problem = (checked ? mobileProblem(mobile) : null) ?? (result && !result.ok ? result.problem : null);
  const errorId = `${id}-error`;
  const pastId = `${id}-past`;

  const go = async () => {
    if (isLoading) return;
    setChecked(true);
    setResult(null);
    if (mobileProblem(mobile)) { input.current?.focus(); return; }
    try {
      const r = await send({ resId: row.ReservationIdentifier, mobileNumber: normalizedMobile(mobile) }).unwrap();
      setResult(r.success ? { ok: true } : { ok: false, problem: { key: 'history.sendFailed' } });
    } catch (e) {
      setResult({ ok: false, problem: sendRefusal(e as ApiFailure) });
    }
  };
  return (
    <span className={styles.editor}>
      <span className={styles.row}>
        <input ref={input} className={`tx-input ${styles.mobile}`} type="tel" inputMode="tel" dir="ltr" autoComplete="off" value={mobile}
          aria-label={t('history.mobileFor', { reservation: row.ReservationIdentifier })}
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? errorId : undefined}
          onChange={(e) => { setMobile(e.target.value); setResult(null); }}
          onKeyDown={(e) => { if (e.key === 'Enter') void go(); }} />
        <button type="button" className="tx-btn-secondary" disabled={isLoading} aria-describedby={row.PresentationPast ? pastId : undefined} onClick={() => void go()}>
          {t(isLoading ? 'history.sending' : 'history.send')}<span className="tx-visually-hidden"> {row.ReservationIdentifier}</span>
        </button>
      </span>
      {problem && <span id={errorId} role="alert" className={`tx-error ${styles.message}`}>{t(problem.key, problem.values)}</span>}
      {row.PresentationPast && <span id={pastId} className={styles.note}>{t('history.pastScreening')}</span>}
      {result?.ok && <span role="status" className={styles.message}>{t('history.sent')}</span>}
    </span>
  );
}
