import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayMonthYear, MAX_RANGE_DAYS, parseDayMonthYear } from '@ticketing/shared';
import { isIsoDate, useQueryParams } from './query';
import styles from './DateRange.module.css';
import { NAMESPACE } from '../locales';

export interface Range { startDate: string; endDate: string }
/** Why the api would refuse a range (shared/src/contracts/staffParams.ts withRange): said at the fields instead. */
export type RangeProblem = 'endBeforeStart' | 'tooLong';

const dayNumber = (d: string) => Date.parse(`${d}T12:00:00Z`) / 86400000;

/** The api's range rule: the end not before the start, at most MAX_RANGE_DAYS (366) days from one to the other. */
export function rangeProblem(r: Range): RangeProblem | undefined {
  if (r.endDate < r.startDate) return 'endBeforeStart';
  if (Math.round(dayNumber(r.endDate) - dayNumber(r.startDate)) > MAX_RANGE_DAYS) return 'tooLong';
  return undefined;
}

/**
 * A screen's date range, kept in the address (`from`, `to`; a reload keeps it) with the screen's defaults until one is
 * chosen. `ready`: both fields hold dates and the api would answer the range — only then does a screen ask the api and
 * show figures (no call that would be refused, no figures of an earlier range beside an error).
 */
export function useDateRange(defaults: Range) {
  const [params, set] = useQueryParams();
  const from = params.get('from'), to = params.get('to');
  const range: Range = { startDate: isIsoDate(from) ? from : defaults.startDate, endDate: isIsoDate(to) ? to : defaults.endDate };
  const [incomplete, setIncomplete] = useState(false);
  const problem = rangeProblem(range);
  return {
    range,
    ready: !incomplete && !problem,
    field: { value: range, problem, onChange: (r: Range) => set({ from: r.startDate, to: r.endDate }), onIncomplete: setIncomplete },
  };
}

/**
 * One date typed day/month/year: its label, its field and, when the text is no date, the error tied to it.
 * `invalid`/`describedBy`: a problem of the range it belongs to (said once, under both fields).
 */
function DayField({ id, label, text, onText, invalid, describedBy }: {
  id: string; label: string; text: string; onText: (text: string) => void; invalid?: boolean; describedBy?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const bad = !parseDayMonthYear(text);
  return (
    <span className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" inputMode="numeric" autoComplete="off" size={10} required
        placeholder={t('common:validation.dayMonthYearPlaceholder')} value={text}
        aria-invalid={bad || !!invalid} aria-describedby={bad ? `${id}-error` : describedBy} onChange={(e) => onText(e.target.value)} />
      {bad && <span id={`${id}-error`} role="alert" className={`tx-error ${styles.error}`}>{t('common:validation.dayMonthYear')}</span>}
    </span>
  );
}

/** A screen's single day, kept in the address (`date`), today until one is chosen; `ready` while the field holds a date. */
export function useDay(defaultDay: string) {
  const [params, set] = useQueryParams();
  const d = params.get('date');
  const day = isIsoDate(d) ? d : defaultDay;
  const [incomplete, setIncomplete] = useState(false);
  return { day, ready: !incomplete, field: { value: day, onChange: (v: string) => set({ date: v }), onIncomplete: setIncomplete } };
}

/** A single day typed day/month/year, by the same rule as a range: a text that is no date says so and is not used. */
export function DayInput({ label, value, onChange, onIncomplete }: {
  label: string; value: string; onChange: (day: string) => void; onIncomplete?: (incomplete: boolean) => void;
}) {
  const id = useId();
  const [text, setText] = useState(formatDayMonthYear(value));
  useEffect(() => { setText((x) => (parseDayMonthYear(x) === value ? x : formatDayMonthYear(value))); }, [value]);
  const bad = !parseDayMonthYear(text);
  useEffect(() => { onIncomplete?.(bad); }, [bad, onIncomplete]);
  return (
    <DayField id={id} label={label} text={text} onText={(x) => {
      setText(x);
      const d = parseDayMonthYear(x);
      if (d && d !== value) onChange(d);
    }} />
  );
}

/**
 * Two dates typed day/month/year (Asia/Jerusalem business days). One rule on every PresLive screen (fifteenth
 * session: one screen moved the start silently, another kept its old table under an error, a third sent the api a
 * range it refuses): a date that is not one says so at its field; an end before the start, or more than 366 days,
 * says so under both fields, which are marked invalid and point to it; nothing is changed for the manager.
 */
export function DateRange({ value, problem, onChange, onIncomplete, legend }: {
  value: Range; problem?: RangeProblem; onChange: (r: Range) => void; onIncomplete?: (incomplete: boolean) => void; legend?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [drafts, setDrafts] = useState({ start: formatDayMonthYear(value.startDate), end: formatDayMonthYear(value.endDate) });
  // a range set from outside (the address, a link) shows in the fields; a field being typed keeps its own spelling
  useEffect(() => {
    setDrafts((d) => ({
      start: parseDayMonthYear(d.start) === value.startDate ? d.start : formatDayMonthYear(value.startDate),
      end: parseDayMonthYear(d.end) === value.endDate ? d.end : formatDayMonthYear(value.endDate),
    }));
  }, [value.startDate, value.endDate]);
  const startBad = !parseDayMonthYear(drafts.start);
  const endBad = !parseDayMonthYear(drafts.end);
  useEffect(() => { onIncomplete?.(startBad || endBad); }, [startBad, endBad, onIncomplete]);

  const edit = (k: 'start' | 'end', text: string) => {
    const next = { ...drafts, [k]: text };
    setDrafts(next);
    const startDate = parseDayMonthYear(next.start), endDate = parseDayMonthYear(next.end);
    if (startDate && endDate && (startDate !== value.startDate || endDate !== value.endDate)) onChange({ startDate, endDate });
  };
  // the range's own problem, once both fields hold dates (they are then the range shown)
  const rangeError = !startBad && !endBad ? problem : undefined;
  const errorId = `${id}-range-error`;
  return (
    <fieldset className={styles.range}>
      <legend>{legend ?? t('range.legend')}</legend>
      <DayField id={`${id}-start`} label={t('range.start')} text={drafts.start} onText={(x) => edit('start', x)}
        invalid={!!rangeError} describedBy={rangeError ? errorId : undefined} />
      <DayField id={`${id}-end`} label={t('range.end')} text={drafts.end} onText={(x) => edit('end', x)}
        invalid={!!rangeError} describedBy={rangeError ? errorId : undefined} />
      {rangeError && (
        <p id={errorId} role="alert" className={`tx-error ${styles.error}`} data-testid="range-error">
          {rangeError === 'tooLong' ? t('range.tooLong', { days: MAX_RANGE_DAYS }) : t('range.endBeforeStart')}
        </p>
      )}
    </fieldset>
  );
}
