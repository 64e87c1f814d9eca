import type { ExtendStep } from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';

/** Extensions per order (visit and presentation); WCAG 2.2.1 asks for at least ten. MAX_HOLD_EXTENSIONS overrides. */
export const maxHoldExtensions = (env: NodeJS.ProcessEnv = process.env): number => {
  const n = Number(env.MAX_HOLD_EXTENSIONS);
  return Number.isInteger(n) && n >= 1 ? n : 10;
};

/** The lock-timer column of each step: an extension gives the step its own time again, no more. */
const STEP_COLUMN: Record<ExtendStep, string> = {
  chooseSeats: 'choose_seats_s', chooseTickets: 'choose_tickets_s', customerInfo: 'customer_info_s', chooseProducts: 'choose_products_s',
};

/**
 * Extends this visit's holds on a presentation by the step's own time (issue 16 §4). The count lives in
 * hold_extension_counts, which releasing holds does not touch; the increment and the new expiry are one
 * transaction, so a refused extension (no seats held) does not use one up.
 */
export async function extendOrder(db: Db, presentationId: number, uuid: string, step: ExtendStep, max = maxHoldExtensions()):
Promise<{ expiresAt: Date; seats: number; extensionsLeft: number }> {
  return db.tx(async (q) => {
    const { rows: counted } = await q.query<{ count: number }>(`
      INSERT INTO hold_extension_counts (holder_uuid, presentation_id, count) VALUES ($1, $2, 1)
      ON CONFLICT (holder_uuid, presentation_id) DO UPDATE SET count = hold_extension_counts.count + 1, updated_at = now()
        WHERE hold_extension_counts.count < $3
      RETURNING count`, [uuid, presentationId, max]);
    if (!counted[0]) throw new ApiHttpError(409, 'EXTEND_LIMIT', `The time was already extended ${max} times`);
    const { rows: secs } = await q.query<{ s: number }>(`SELECT ${STEP_COLUMN[step]} AS s FROM presentations WHERE id = $1`, [presentationId]);
    const expiresAt = new Date(Date.now() + Number(secs[0]?.s ?? 0) * 1000);
    const { rows } = await q.query(`UPDATE presentation_seats SET expires_at = $3
      WHERE presentation_id = $1 AND holder_uuid = $2 AND status = 'held' AND expires_at > now() RETURNING x`, [presentationId, uuid, expiresAt]);
    if (!rows.length) throw new ApiHttpError(409, 'HOLD_EXPIRED', 'No seats are held');
    return { expiresAt, seats: rows.length, extensionsLeft: max - counted[0].count };
  });
}
