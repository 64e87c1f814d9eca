import * as z from 'zod/mini';
import { lazy } from './lazy';

/**
 * POST /seats/check-selection (issue 14 point 6, issue 16 item 3): the api judges the visit's whole
 * selection in a presentation when the visitor continues — single-seat rule (seating policy 3) and
 * companion seats bound to a wheelchair space. A refusal is a 409 LockError (COMPANION_ALONE |
 * SINGLE_SEAT_GAP) with `seat` (the selected seat concerned) and `suggestion` (the fix).
 */
export const SelectionCheckBody = lazy(() => z.object({ presentationId: z.coerce.number().check(z.int(), z.positive()) }));
export type SelectionCheckBody = z.infer<typeof SelectionCheckBody>;

export const SelectionCheckResponse = lazy(() => z.object({ ok: z.literal(true), seats: z.int().check(z.nonnegative()) }));
export type SelectionCheckResponse = z.infer<typeof SelectionCheckResponse>;
