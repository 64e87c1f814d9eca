import type { Locale } from '../contracts/events';
import { localeTag } from './money';
import { TIME_ZONE } from './timeZone';

export { TIME_ZONE };

const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Asia/Jerusalem business date of an instant, as YYYY-MM-DD. */
export function jerusalemDate(instant: Date | string | number = new Date()): string {
  return ymd.format(new Date(instant));
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone drift). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Spec section 9: 29 days, 14 before today, today, 14 after (Asia/Jerusalem days). */
export function calendarStrip(today: string = jerusalemDate(), before = 14, after = 14): string[] {
  return Array.from({ length: before + after + 1 }, (_, i) => addDays(today, i - before));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per language and format, made once: constructing an Intl.DateTimeFormat costs far more than
 * formatting with it, and a day strip or a list of screenings formats dozens of dates per render (issue 12).
 */
function fmt(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeTag(locale), { timeZone: TIME_ZONE, numberingSystem: 'latn', ...options });
    formatters.set(key, f);
  }
  return f;
}

export const formatTime = (iso: string, locale: Locale) => fmt(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

const DATE_FIELDS = new Set(['day', 'month', 'year']);
/**
 * A date formatted in the language's own order and words, its day, month and year apart by '/' in every language (the
 * spec's day/month/year): Hebrew, Russian and Polish write 27.11.2026 by default, so one e-ticket showed 27.11.2026
 * beside 27/11/2026 (formatDayMonthYear). Arabic keeps its right-to-left mark before each '/'.
 */
function withSlashes(f: Intl.DateTimeFormat, at: Date): string {
  const parts = f.formatToParts(at);
  return parts.map((p, i) => (p.type === 'literal' && DATE_FIELDS.has(parts[i - 1]?.type ?? '') && DATE_FIELDS.has(parts[i + 1]?.type ?? '')
    ? p.value.replace(/[./-]/, '/') : p.value)).join('');
}

/** Long date-time (spec section 9): weekday, day/month/year, hour:minute. */
export const formatLongDateTime = (iso: string, locale: Locale) =>
  withSlashes(fmt(locale, { weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }), new Date(iso));
/** day/month/year hour:minute, as the presentation box shows it. */
export function formatDayMonthYearTime(iso: string): string {
  const parts = Object.fromEntries(fmt('en', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
/**
 * Weekday and day of a YYYY-MM-DD strip date (noon UTC is the same day in Jerusalem), dd/mm with two digits as the site
 * writes its dates: 'numeric' gave 1/12 in Hebrew, Arabic and Polish but 01/12 in English and Russian.
 */
export const formatStripDay = (date: string, locale: Locale) => ({
  weekday: fmt(locale, { weekday: 'short' }).format(new Date(`${date}T12:00:00Z`)),
  day: withSlashes(fmt(locale, { day: '2-digit', month: '2-digit' }), new Date(`${date}T12:00:00Z`)),
});
/** A business day YYYY-MM-DD as day/month/year (dd/mm/yyyy), the spec's display in every language. */
export const formatDayMonthYear = (date: string) => date.split('-').reverse().join('/');
/** dd/mm/yyyy (also d/m/yyyy, and '.' or '-' as separators) → YYYY-MM-DD; undefined when it is no calendar date. */
export function parseDayMonthYear(text: string): string | undefined {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return undefined;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : undefined;
}
