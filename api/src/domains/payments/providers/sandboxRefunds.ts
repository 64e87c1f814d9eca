import crypto from 'node:crypto';
import type { Queryable } from '../../../db/index.ts';
import type { PaymentProvider, RefundInput, RefundOutcome, RefundingProvider } from './types.ts';

/**
 * Refunds of the sandbox providers (sandbox, altcard, paypal, blik): what a real provider does on its side, kept in
 * the provider_refunds table (migration 340). A refund is taken when its session is a captured payment of this
 * provider and the session's refunds stay within what it captured; the same idempotency key answers the first refund
 * again (a retry after a lost answer never pays twice).
 *
 * Failing on purpose, for tests and demonstrations: SANDBOX_REFUND_OUTCOME (read at every call)
 *   ok (default) | unavailable (the provider does not answer: the refund stays pending and is retried) |
 *   decline (the provider refuses it: failed, not retried).
 */
export type SandboxRefundMode = 'ok' | 'unavailable' | 'decline';

export const sandboxRefundMode = (env: NodeJS.ProcessEnv = process.env): SandboxRefundMode => {
  const v = env.SANDBOX_REFUND_OUTCOME;
  return v === 'unavailable' || v === 'decline' ? v : 'ok';
};

export async function sandboxRefund(q: Queryable, providerId: string, input: RefundInput, mode: SandboxRefundMode = sandboxRefundMode()): Promise<RefundOutcome> {
  if (mode === 'unavailable') return { status: 'failed', retry: true, reason: 'PROVIDER_UNAVAILABLE', detail: 'sandbox: the provider did not answer (SANDBOX_REFUND_OUTCOME=unavailable)' };
  const before = await q.query<{ id: string; session_id: string; amount: number }>(
    'SELECT id, session_id, amount FROM provider_refunds WHERE idempotency_key = $1', [input.idempotencyKey]);
  const same = before.rows[0];
  if (same) {
    if (same.session_id !== input.sessionId || same.amount !== input.amountAgorot) {
      return { status: 'failed', retry: false, reason: 'DECLINED', detail: 'sandbox: this idempotency key belongs to another refund' };
    }
    return { status: 'sent', providerRef: same.id };
  }
  if (mode === 'decline') return { status: 'failed', retry: false, reason: 'DECLINED', detail: 'sandbox: the card issuer refused the refund (SANDBOX_REFUND_OUTCOME=decline)' };
  if (!Number.isInteger(input.amountAgorot) || input.amountAgorot <= 0) return { status: 'failed', retry: false, reason: 'DECLINED', detail: 'sandbox: no amount' };
  // the session's row, locked: two refunds of one payment are reckoned one after the other
  const { rows } = await q.query<{ provider: string; status: string; amount: number }>(
    'SELECT provider, status, amount FROM payment_sessions WHERE id = $1 FOR UPDATE', [input.sessionId]);
  const s = rows[0];
  if (!s || s.provider !== providerId || s.status !== 'captured') {
    return { status: 'failed', retry: false, reason: 'NOT_REFUNDABLE', detail: `sandbox: no captured ${providerId} payment ${input.sessionId}` };
  }
  const { rows: [done] } = await q.query<{ n: number }>('SELECT COALESCE(sum(amount), 0)::int AS n FROM provider_refunds WHERE session_id = $1', [input.sessionId]);
  if (done!.n + input.amountAgorot > s.amount) {
    return { status: 'failed', retry: false, reason: 'EXCEEDS_CAPTURED', detail: `sandbox: captured ${s.amount}, refunded ${done!.n}, asked ${input.amountAgorot}` };
  }
  const id = `rf_${crypto.randomBytes(12).toString('base64url')}`;
  const ins = await q.query<{ id: string }>(`INSERT INTO provider_refunds (id, provider, session_id, amount, idempotency_key)
    VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`, [id, providerId, input.sessionId, input.amountAgorot, input.idempotencyKey]);
  return { status: 'sent', providerRef: ins.rows[0]?.id ?? id };
}

/** The provider with the sandbox ledger's refund (its own refund when it has one). */
export function withSandboxRefunds<P extends PaymentProvider>(p: P): P & RefundingProvider {
  if (p.refund) return p as P & RefundingProvider;
  return Object.assign(p, { refund: (q: Queryable, input: RefundInput) => sandboxRefund(q, p.id, input) });
}

/** A provider that has no refund call: every refund through it fails for good, for the operator to settle by hand. */
export function withoutRefunds<P extends PaymentProvider>(p: P): P & RefundingProvider {
  if (p.refund) return p as P & RefundingProvider;
  return Object.assign(p, {
    refund: async (): Promise<RefundOutcome> => ({ status: 'failed', retry: false, reason: 'NO_REFUND_SUPPORT', detail: `${p.id} has no refund call` }),
  });
}
