import type { FastifyInstance } from 'fastify';
import { BLIK_SANDBOX_CODES, BlikCodeBody, PaymentSessionParams, PaymentSessionResponse, SessionHeaders } from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../../db/index.ts';
import { ApiHttpError, route } from '../../../lib/route.ts';
import { shekels } from '../../../lib/time.ts';
import { captureSession, getSession, insertSession, transition, type SessionRow } from './sessions.ts';
import type { CaptureInput, CreateSessionInput, CreatedSession, PaymentProvider } from './types.ts';

type BankAnswer = 'approve' | 'reject' | 'noAnswer';

export interface BlikOptions {
  /** How long the sandbox "bank app" takes to answer (ms). */
  confirmDelayMs: number;
  /** How long a code waits for the bank app before the payment times out (s). */
  waitSeconds: number;
}

export function blikOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BlikOptions {
  const n = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : d);
  return { confirmDelayMs: n(env.BLIK_CONFIRM_DELAY_MS, 1500), waitSeconds: n(env.BLIK_WAIT_SECONDS, 120) };
}

/**
 * Blik with sandbox behaviour. No hosted page: the 6-digit code is not card data, the payment step asks
 * for it and posts it here. The session then waits in `challenge` (the bank app's confirmation); polling
 * the session lets the sandbox bank answer after confirmDelayMs by the code typed (BLIK_SANDBOX_CODES),
 * and a code left unanswered for waitSeconds expires. The bank's answer is kept in the token column.
 */
export class BlikSandboxProvider implements PaymentProvider {
  readonly id = 'blik';
  readonly kind = 'blik' as const;
  constructor(private readonly opts: BlikOptions = blikOptionsFromEnv()) {}

  async createSession(q: Queryable, input: CreateSessionInput): Promise<CreatedSession> {
    const s = await insertSession(q, this.id, { ...input, numberOfPayments: 1 });
    return { sessionId: s.id, paymentFormURL: `/api/payment/blik/${s.id}`, expiresAt: s.expiresAt };
  }

  capture(q: Queryable, input: CaptureInput): Promise<void> {
    return captureSession(q, this.id, input);
  }

  /** The code typed by the visitor: a Blik error (422) for a wrong or expired code, else waiting for the bank app. */
  async submitCode(q: Queryable, s: SessionRow, code: string): Promise<SessionRow> {
    if (s.status !== 'pending') throw new ApiHttpError(409, 'PAYMENT_STATE', `payment is ${s.status}`);
    if (code === BLIK_SANDBOX_CODES.expired) throw new ApiHttpError(422, 'BLIK_CODE_EXPIRED', 'the Blik code has expired');
    const answer: BankAnswer | undefined = code === BLIK_SANDBOX_CODES.approve ? 'approve'
      : code === BLIK_SANDBOX_CODES.reject ? 'reject' : code === BLIK_SANDBOX_CODES.noAnswer ? 'noAnswer' : undefined;
    if (!answer) throw new ApiHttpError(422, 'BLIK_CODE_INVALID', 'the Blik code is not valid');
    return transition(q, s.id, 'challenge', { token: `blik:${answer}`, brand: 'blik' });
  }

  /** The session as the bank sees it now: answers a waiting code once its delay passed, times out unanswered ones. */
  async advance(q: Queryable, s: SessionRow): Promise<SessionRow> {
    if (s.status !== 'challenge') return s;
    const { rows } = await q.query<{ waited_ms: number | string }>(
      'SELECT extract(epoch FROM now() - updated_at) * 1000 AS waited_ms FROM payment_sessions WHERE id = $1', [s.id]);
    const waited = Number(rows[0]?.waited_ms ?? 0);
    const answer = (s.token ?? '').replace(/^blik:/, '') as BankAnswer;
    let to: 'approved' | 'declined' | 'expired' | null = null;
    if (answer !== 'noAnswer' && waited >= this.opts.confirmDelayMs) to = answer === 'approve' ? 'approved' : 'declined';
    else if (waited >= this.opts.waitSeconds * 1000) to = 'expired';
    if (!to) return s;
    // A concurrent poll may have moved it already: read what is there now.
    await transition(q, s.id, to).catch(() => undefined);
    return getSession(q, s.id, this.id);
  }

  registerRoutes(app: FastifyInstance, db: Db): void {
    const tags = ['payments'];
    const view = (s: SessionRow) => ({ sessionId: s.id, provider: s.provider, status: s.status, amount: shekels(s.amount), last4: null, brand: s.brand });
    const own = async (id: string, uuid: string) => {
      const s = await getSession(db, id, this.id);
      if (s.uuid !== uuid) throw new ApiHttpError(404, 'PAYMENT_SESSION_NOT_FOUND');
      return s;
    };
    route(app, {
      method: 'POST', url: '/payment/blik/{sessionId}/code', summary: 'blik: the 6-digit code from the bank app; then wait for its confirmation', tags,
      params: PaymentSessionParams, headers: SessionHeaders, body: BlikCodeBody, response: PaymentSessionResponse,
      errors: { 404: 'PAYMENT_SESSION_NOT_FOUND', 409: 'PAYMENT_STATE', 422: 'BLIK_CODE_INVALID | BLIK_CODE_EXPIRED' },
      handler: async ({ params, headers, body }) => view(await this.submitCode(db, await own(params.sessionId, headers.uuid), body.code)),
    });
    route(app, {
      method: 'GET', url: '/payment/blik/{sessionId}', summary: 'blik: state of the payment while the visitor confirms in the bank app', tags,
      params: PaymentSessionParams, headers: SessionHeaders, response: PaymentSessionResponse, errors: { 404: 'PAYMENT_SESSION_NOT_FOUND' },
      handler: async ({ params, headers }) => view(await this.advance(db, await own(params.sessionId, headers.uuid))),
    });
    route(app, {
      method: 'POST', url: '/payment/blik/{sessionId}/cancel', summary: 'blik: the visitor gives up waiting', tags,
      params: PaymentSessionParams, headers: SessionHeaders, response: PaymentSessionResponse, errors: { 404: 'PAYMENT_SESSION_NOT_FOUND', 409: 'PAYMENT_STATE' },
      handler: async ({ params, headers }) => {
        const s = await own(params.sessionId, headers.uuid);
        return view(await transition(db, s.id, 'cancelled'));
      },
    });
  }
}
