import * as zm from 'zod/mini';
import { lazy } from './lazy';

/**
 * Formats every contract uses. These, and the contracts the host shell reads before anything else (the registry,
 * what's on, the signed-in customer, the bus events), are written with zod/mini: the host then ships zod's small
 * core instead of its whole classic API on every page. Classic schemas take them as fields like any other schema;
 * wrap them with z.optional(x) / z.nullable(x) instead of calling methods on them.
 */
export const IsoDateTime = lazy(() => zm.string());
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** YYYY-MM-DD (an Asia/Jerusalem business day). */
export const IsoDate = lazy(() => zm.string().check(zm.regex(ISO_DATE, 'YYYY-MM-DD')));

export const SeatingMode = lazy(() => zm.enum(['reserved', 'singleGA', 'multiGA', 'mixed', 'none']));
export type SeatingMode = zm.infer<typeof SeatingMode>;
