/** Asia/Jerusalem business-day helpers (decisions.md: business dates are Asia/Jerusalem days). */
export const TZ = 'Asia/Jerusalem';

const dayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Today's date in Asia/Jerusalem, YYYY-MM-DD. */
export function jerusalemToday(now: Date = new Date()): string {
  return dayFmt.format(now);
}
/** HH:MM of an instant in Asia/Jerusalem. */
export function jerusalemTime(d: Date): string {
  return timeFmt.format(d);
}
/** Adds days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const t = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) + days * 86400000;
  return new Date(t).toISOString().slice(0, 10);
}
export function toIso(d: Date | string): string {
  return (d instanceof Date ? d : new Date(d)).toISOString();
}
/** Agorot → shekels (number, 2 decimals). */
export const shekels = (agorot: number): number => Math.round(agorot) / 100;
