import * as z from 'zod/mini';
import { lazy } from './lazy';
import { ISO_DATE } from './catalog';

/**
 * Parameter building blocks of the staff calls (staff.ts, preslive.ts, ticketref.ts): ids, id lists,
 * calendar dates and date ranges limited to a year. Not exported from the contracts index by itself;
 * staff.ts re-exports the public ones.
 */

/** A positive integer id from a path or query string. */
export const QId = lazy(() => z.coerce.number().check(z.int(), z.positive()));
/** Query boolean: true/false/1/0. */
export const QueryBool = lazy(() => z.pipe(z.enum(['true', 'false', '1', '0']), z.transform((v) => v === 'true' || v === '1')));
/** "1,2" → [1, 2]. */
export const IdCsv = lazy(() => z.pipe(z.string().check(z.regex(/^\d+(,\d+)*$/, 'comma separated list of ids')), z.transform((s) => s.split(',').map(Number))));

/** A valid calendar date YYYY-MM-DD. */
export const StaffDate = lazy(() => z.string().check(z.regex(ISO_DATE, 'YYYY-MM-DD'), z.refine((s) => {
  const d = new Date(`${s}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}, 'not a calendar date')));

/** Date ranges are limited to one year. */
export const MAX_RANGE_DAYS = 366;
const days = (a: string, b: string) => Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86400000);
export function withRange<T extends z.ZodMiniObject<{ startDate: typeof StaffDate; endDate: typeof StaffDate }>>(o: T) {
  return o.check(z.refine((v) => v.startDate <= v.endDate, { message: 'startDate after endDate', path: ['startDate'] }))
    .check(z.refine((v) => days(v.startDate, v.endDate) <= MAX_RANGE_DAYS, { message: `range longer than ${MAX_RANGE_DAYS} days`, path: ['endDate'] }));
}
