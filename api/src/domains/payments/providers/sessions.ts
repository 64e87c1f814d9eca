import crypto from 'node:crypto';
import type { PaymentSessionStatus } from '@ticketing/shared/contracts';
import type { Queryable } from '../../../db/index.ts';
import { ApiHttpError } from '../../../lib/route.ts';
import { ALLOWED_TRANSITIONS, type CaptureInput, type CreateSessionInput } from './types.ts';

/** Persistence shared by the providers: the payment_sessions table and its state machine. */

export const SESSION_TTL_S = 15 * 60;

export interface SessionRow {
  id: string; provider: string; uuid: string; amount: number; number_of_payments: number; locale: string; parent_origin: string;
  status: PaymentSessionStatus; token: string | null; last4: string | null; brand: string | null; paypal: unknown; reservation_id: number | null;
  expires_at: Date;
}

export async function insertSession(q: Queryable, provider: string, input: CreateSessionInput): Promise<{ id: string; expiresAt: Date }> {
  const id = `ps_${crypto.randomBytes(18).toString('base64url')}`;
  const { rows } = await q.query<{ expires_at: Date }>(`
    INSERT INTO payment_sessions (id, provider, uuid, amount, number_of_payments, locale, parent_origin, status, expires_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', now() + make_interval(secs => $8)) RETURNING expires_at`,
  [id, provider, input.uuid, input.amount, input.numberOfPayments, input.locale, input.parentOrigin, SESSION_TTL_S]);
  return { id, expiresAt: new Date(rows[0]!.expires_at) };
}

export async function getSession(q: Queryable, id: string, provider?: string): Promise<SessionRow> {
  const { rows } = await q.query<SessionRow>(`
    SELECT id, provider, uuid, amount, number_of_payments, locale, parent_origin,
           CASE WHEN status IN ('pending', 'challenge', 'approved') AND expires_at < now() THEN 'expired' ELSE status END AS status,
           token, last4, brand, paypal, reservation_id, expires_at
    FROM payment_sessions WHERE id = $1`, [id]);
  const s = rows[0];
  if (!s || (provider && s.provider !== provider)) throw new ApiHttpError(404, 'PAYMENT_SESSION_NOT_FOUND');
  return s;
}

/**
 * Moves a session from one of `from` to `to` with one conditional update (a double submit or a race
 * changes nothing). Throws 409 PAYMENT_STATE when the session is not in an allowed state.
 */
export async function transition(
  q: Queryable, id: string, to: PaymentSessionStatus,
  set: { token?: string; last4?: string; brand?: string; paypal?: unknown; reservationId?: number | null } = {},
  guard: { amount?: number; uuid?: string } = {},
): Promise<SessionRow> {
  const from = (Object.keys(ALLOWED_TRANSITIONS) as PaymentSessionStatus[]).filter((s) => ALLOWED_TRANSITIONS[s].includes(to));
  const { rows } = await q.query<SessionRow>(`
    UPDATE payment_sessions SET status = $2, updated_at = now(),
      token = COALESCE($3, token), last4 = COALESCE($4, last4), brand = COALESCE($5, brand),
      paypal = COALESCE($6::jsonb, paypal), reservation_id = COALESCE($7, reservation_id)
    WHERE id = $1 AND status = ANY($8::text[]) AND expires_at > now()
      AND ($9::int IS NULL OR amount = $9::int) AND ($10::text IS NULL OR uuid = $10::text)
    RETURNING id, provider, uuid, amount, number_of_payments, locale, parent_origin, status, token, last4, brand, paypal, reservation_id, expires_at`,
  [id, to, set.token ?? null, set.last4 ?? null, set.brand ?? null, set.paypal === undefined ? null : JSON.stringify(set.paypal),
    set.reservationId ?? null, from, guard.amount ?? null, guard.uuid ?? null]);
  if (!rows[0]) throw new ApiHttpError(409, 'PAYMENT_STATE', `payment session cannot become ${to}`);
  return rows[0];
}

/** Capture for every provider: the session must be approved, of this visit, for exactly this amount. */
export async function captureSession(q: Queryable, provider: string, input: CaptureInput): Promise<void> {
  const s = await getSession(q, input.sessionId).catch(() => null);
  if (!s || s.provider !== provider) throw new ApiHttpError(402, 'PAYMENT_NOT_APPROVED', 'unknown payment');
  if (s.uuid !== input.uuid) throw new ApiHttpError(402, 'PAYMENT_NOT_APPROVED', 'the payment belongs to another visit');
  if (s.status === 'declined') throw new ApiHttpError(402, 'PAYMENT_DECLINED', 'the card was declined');
  if (s.status !== 'approved') throw new ApiHttpError(402, 'PAYMENT_NOT_APPROVED', `payment is ${s.status}`);
  if (s.amount !== input.amount) throw new ApiHttpError(409, 'PAYMENT_AMOUNT_MISMATCH', 'the payment amount differs from the order total');
  await transition(q, input.sessionId, 'captured', { reservationId: input.reservationId }, { amount: input.amount, uuid: input.uuid });
}

export function brandOf(card: string): string {
  if (/^4/.test(card)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(card)) return 'mastercard';
  if (/^3[47]/.test(card)) return 'amex';
  if (/^36|^30|^38/.test(card)) return 'diners';
  return 'card';
}

export function luhn(s: string): boolean {
  let sum = 0, alt = false;
  for (let i = s.length - 1; i >= 0; i--) {
    let d = Number(s[i]);
    if (alt) { d *= 2; if (d > 9) d -= 9; }
    sum += d; alt = !alt;
  }
  return sum % 10 === 0;
}

export const newToken = (prefix: string) => `${prefix}_${crypto.randomBytes(16).toString('base64url')}`;
