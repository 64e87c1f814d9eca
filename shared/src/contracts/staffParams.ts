import { z } from 'zod';
import { ISO_DATE } from './catalog';

/**
 * Parameter building blocks of the staff calls (staff.ts, preslive.ts, ticketref.ts): ids, id lists,
 * calendar dates and date ranges limited to a year. Not exported from the contracts index by itself;
 * staff.ts re-exports the public ones.
 */

/** A positive integer id from a path or query string. */
export const QId = z.coerce.number().int().positive();
/** Query boolean: true/false/1/0. */
export const QueryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** "1,2" → [1, 2]. */
export const IdCsv = z.string().regex(/^\d+(,\d+)*$/, 'comma separated list of ids').transform((s) => s.split(',').map(Number));

/** A valid calendar date YYYY-MM-DD. */
export const StaffDate = z.string().regex(ISO_DATE, 'YYYY-MM-DD').refine((s) => {
  const d = new Date(`${s}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}, 'not a calendar date');

/** Date ranges are limited to one year. */
export const MAX_RANGE_DAYS = 366;
const days = (a: string, b: string) => Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86400000);
export function withRange<T extends z.ZodObject<{ startDate: typeof StaffDate; endDate: typeof StaffDate }>>(o: T) {
  return o.refine((v) => v.startDate <= v.endDate, { message: 'startDate after endDate', path: ['startDate'] })
    .refine((v) => days(v.startDate, v.endDate) <= MAX_RANGE_DAYS, { message: `range longer than ${MAX_RANGE_DAYS} days`, path: ['endDate'] });
}
