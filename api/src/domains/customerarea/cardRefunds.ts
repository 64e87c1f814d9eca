import type { Db, Queryable } from '../../db/index.ts';
import { allProviders, type RefundingProvider, type RefundOutcome } from '../payments/providers/index.ts';

/**
 * The card part of a cancellation, sent to the payment provider (it was only a number in customer_cancellations).
 *
 *  1. In the cancel's transaction: a card_refunds row, pending, with its idempotency key (recordCardRefund). An order
 *     with no card payment on record (the demo's seeded orders) is failed at once: NO_PAYMENT_SESSION, for the operator.
 *  2. After the commit: one attempt (sendCardRefund) — the customer's answer never waits on a failure.
 *  3. Every api process's housekeeping retries what is due (retryDueCardRefunds): each row is taken with
 *     FOR UPDATE SKIP LOCKED, so two processes never send the same refund at once, and the key makes a resend after a
 *     lost answer harmless. A provider that is unavailable leaves it pending, tried again later (1, 2, 4… minutes, at
 *     most an hour apart) up to MAX_ATTEMPTS; a refusal fails it for good with its reason. PresLive lists them all
 *     (GET /PRES-live/refunds) and can send a failed one again.
 */
export const MAX_ATTEMPTS = 12;

export type Providers = Map<string, RefundingProvider>;
let defaultProviders: Providers | null = null;
/** Every provider by id (a refund goes back through the provider that took the payment, active or not). */
export const providersById = (): Providers => (defaultProviders ??= new Map(allProviders().map((p) => [p.id, p])));

export async function recordCardRefund(q: Queryable, r: { cancellationId: number; reservationId: number; amount: number }): Promise<number> {
  const { rows } = await q.query<{ id: number }>(`
    INSERT INTO card_refunds (cancellation_id, reservation_id, payment_session_id, provider, amount_agorot, idempotency_key, status, reason)
    SELECT $1::int, r.id, r.payment_session_id, ps.provider, $3::int, 'cancellation-' || $1::int,
           CASE WHEN ps.id IS NULL THEN 'failed' ELSE 'pending' END, CASE WHEN ps.id IS NULL THEN 'NO_PAYMENT_SESSION' END
    FROM reservations r LEFT JOIN payment_sessions ps ON ps.id = r.payment_session_id WHERE r.id = $2::int
    RETURNING id`, [r.cancellationId, r.reservationId, r.amount]);
  return rows[0]!.id;
}

interface DueRow { id: number; payment_session_id: string; provider: string; amount_agorot: number; idempotency_key: string; attempts: number }

/** One attempt at one locked, pending row; records what the provider said. */
async function attempt(q: Queryable, row: DueRow, providers: Providers): Promise<RefundOutcome> {
  const p = providers.get(row.provider);
  let out: RefundOutcome;
  if (!p) out = { status: 'failed', retry: false, reason: 'NO_REFUND_SUPPORT', detail: `no provider ${row.provider} in this api` };
  else {
    try {
      out = await p.refund(q, { sessionId: row.payment_session_id, amountAgorot: row.amount_agorot, idempotencyKey: row.idempotency_key });
    } catch (e) {
      out = { status: 'failed', retry: true, reason: 'PROVIDER_UNAVAILABLE', detail: e instanceof Error ? e.message : String(e) };
    }
  }
  const attempts = row.attempts + 1;
  if (out.status === 'sent') {
    await q.query(`UPDATE card_refunds SET status = 'sent', attempts = $2, provider_ref = $3, reason = NULL, detail = NULL, sent_at = now(), updated_at = now()
      WHERE id = $1`, [row.id, attempts, out.providerRef]);
  } else if (out.retry && attempts < MAX_ATTEMPTS) {
    await q.query(`UPDATE card_refunds SET attempts = $2, reason = $3, detail = $4, updated_at = now(),
        next_attempt_at = now() + make_interval(mins => LEAST(60, power(2, $2 - 1)::int)) WHERE id = $1`, [row.id, attempts, out.reason, out.detail ?? null]);
  } else {
    await q.query(`UPDATE card_refunds SET status = 'failed', attempts = $2, reason = $3, detail = $4, updated_at = now() WHERE id = $1`,
      [row.id, attempts, out.retry ? 'ATTEMPTS_EXHAUSTED' : out.reason, out.detail ?? null]);
  }
  return out;
}

const DUE_SQL = `SELECT id, payment_session_id, provider, amount_agorot, idempotency_key, attempts FROM card_refunds`;

/** Sends one refund now (after the cancel's commit, or the operator's "send again"), unless another process holds it. */
export async function sendCardRefund(db: Db, id: number, providers: Providers = providersById()): Promise<RefundOutcome | null> {
  return db.tx(async (q) => {
    const { rows } = await q.query<DueRow>(`${DUE_SQL} WHERE id = $1 AND status = 'pending' FOR UPDATE SKIP LOCKED`, [id]);
    return rows[0] ? attempt(q, rows[0], providers) : null;
  });
}

/**
 * The housekeeping step: pending refunds whose time has come, one transaction each (the row's lock is held only while
 * its provider is asked), at most `limit` per run. Returns how many were sent and how many are still owed.
 */
export async function retryDueCardRefunds(db: Db, opts: { limit?: number; providers?: Providers } = {}): Promise<{ tried: number; sent: number }> {
  const limit = opts.limit ?? 20;
  let tried = 0, sent = 0;
  const skip: number[] = [];
  while (tried < limit) {
    const out = await db.tx(async (q) => {
      const { rows } = await q.query<DueRow>(`${DUE_SQL} WHERE status = 'pending' AND next_attempt_at <= now() AND NOT (id = ANY($1::int[]))
        ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`, [skip]);
      if (!rows[0]) return null;
      skip.push(rows[0].id);
      return attempt(q, rows[0], opts.providers ?? providersById());
    });
    if (!out) break;
    tried++;
    if (out.status === 'sent') sent++;
  }
  return { tried, sent };
}

/** The operator's "send again" of a failed refund (PresLive): pending now, then one attempt. */
export async function resendCardRefund(db: Db, id: number, providers: Providers = providersById()): Promise<RefundOutcome | null> {
  const { rows } = await db.query<{ id: number }>(`UPDATE card_refunds SET status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
    WHERE id = $1 AND status = 'failed' AND payment_session_id IS NOT NULL RETURNING id`, [id]);
  if (!rows[0]) return null;
  return sendCardRefund(db, id, providers);
}
