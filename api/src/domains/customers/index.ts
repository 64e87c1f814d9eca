import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CustomerAreaInfoResponse, CustomerAreaLoginBody, CustomerAreaValidationBody, CustomerInfoResponse, DevSmsQuery, DevSmsResponse,
  MobileLoginBody, MobileLoginValidationBody, SuccessResponse, type CustomerInfo,
} from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, route, type Lang } from '../../lib/route.ts';
import { outboxSmsProvider, type SmsProvider } from '../../lib/sms.ts';
import { toIso } from '../../lib/time.ts';
import {
  customerInfo, endSession, pendingMobile, sessionCustomerId, setPendingMobile, sha256, SMS_CODE_TTL_S, SMS_MAX_ATTEMPTS, startSession,
} from './service.ts';

/** Texts of the SMS messages (the api's own content, in the visitor's language). */
export const SMS_TEXTS: Record<Lang, { code: (code: string) => string }> = {
  he: { code: (c) => `קוד האימות שלך: ${c}. הקוד תקף ל-5 דקות.` },
  en: { code: (c) => `Your verification code: ${c}. It is valid for 5 minutes.` },
};

/**
 * Customers (minimal, for hold orders and prefill; the customer issue builds the full area on top):
 * login by mobile number and a one-time SMS code, a database session in an httpOnly SameSite=Lax cookie.
 */
export async function customersPlugin(app: FastifyInstance, opts: { db: Db; sms?: SmsProvider }): Promise<void> {
  const { db } = opts;
  const sms = opts.sms ?? outboxSmsProvider(db);

  async function sendCode(mobile: string, lang: Lang, regardless: boolean, reply: FastifyReply): Promise<{ success: true }> {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM customers WHERE mobile_number = $1', [mobile]);
    if (!rows[0] && !regardless) throw new ApiHttpError(404, 'CUSTOMER_NOT_FOUND');
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    await db.query(`INSERT INTO customer_login_codes (mobile_number, code_hash, attempts, expires_at)
      VALUES ($1, $2, 0, now() + make_interval(secs => $3))
      ON CONFLICT (mobile_number) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0, created_at = now(), expires_at = EXCLUDED.expires_at`,
    [mobile, sha256(`${mobile}:${code}`), SMS_CODE_TTL_S]);
    try {
      await sms.send(mobile, SMS_TEXTS[lang].code(code));
    } catch {
      throw new ApiHttpError(502, 'SMS_FAILED');
    }
    setPendingMobile(reply, mobile);
    return { success: true };
  }

  /** Checks a code (one use, at most SMS_MAX_ATTEMPTS tries) and starts the session. */
  async function verify(mobile: string, code: string, lang: Lang, reply: FastifyReply): Promise<CustomerInfo> {
    const ok = await db.tx(async (q) => {
      const { rows } = await q.query<{ code_hash: string; attempts: number; live: boolean }>(`
        UPDATE customer_login_codes SET attempts = attempts + 1 WHERE mobile_number = $1
        RETURNING code_hash, attempts, expires_at > now() AS live`, [mobile]);
      const r = rows[0];
      if (!r || !r.live || r.attempts > SMS_MAX_ATTEMPTS) return false;
      const good = crypto.timingSafeEqual(Buffer.from(r.code_hash), Buffer.from(sha256(`${mobile}:${code}`)));
      if (good) await q.query('DELETE FROM customer_login_codes WHERE mobile_number = $1', [mobile]);
      return good;
    });
    if (!ok) throw new ApiHttpError(401, 'INVALID_SMS_CODE');
    const { rows } = await db.query<{ id: number }>('SELECT id FROM customers WHERE mobile_number = $1', [mobile]);
    if (!rows[0]) throw new ApiHttpError(404, 'CUSTOMER_NOT_FOUND');
    await startSession(db, reply, rows[0].id);
    return customerInfo(db, rows[0].id, lang);
  }

  async function current(req: FastifyRequest, lang: Lang): Promise<CustomerInfo> {
    const id = await sessionCustomerId(db, req);
    if (!id) throw new ApiHttpError(401, 'UNAUTHORIZED');
    return customerInfo(db, id, lang);
  }

  const tags = ['customers'];
  route(app, {
    method: 'POST', url: '/customer/mobile-login', summary: 'Sends a one-time login code by SMS', tags,
    body: MobileLoginBody, response: SuccessResponse, errors: { 404: 'CUSTOMER_NOT_FOUND', 502: 'SMS_FAILED' },
    handler: ({ body, lang, reply }) => sendCode(body.mobileNumber, lang, body.sendSmsRegardlessOfCustomerExistence === true, reply),
  });
  route(app, {
    method: 'POST', url: '/customer/mobile-login-validation-area', summary: 'Verifies the SMS code; starts the customer session', tags,
    body: MobileLoginValidationBody, response: CustomerInfoResponse, errors: { 401: 'INVALID_SMS_CODE', 404: 'CUSTOMER_NOT_FOUND' },
    handler: async ({ body, lang, reply }) => ({ customerInfo: await verify(body.mobileNumber, body.smsCode, lang, reply) }),
  });
  route(app, {
    method: 'POST', url: '/customer/refresh', summary: 'The logged-in customer (session cookie)', tags,
    response: CustomerInfoResponse, errors: { 401: 'UNAUTHORIZED' },
    handler: async ({ req, lang }) => ({ customerInfo: await current(req, lang) }),
  });
  route(app, {
    method: 'POST', url: '/customer/logout', summary: 'Ends the customer session', tags, response: SuccessResponse,
    async handler({ req, reply }) {
      await endSession(db, req, reply);
      return { success: true as const };
    },
  });
  route(app, {
    method: 'POST', url: '/customer-area/mobile-login', summary: 'Customer area: sends a login code by SMS', tags,
    body: CustomerAreaLoginBody, response: SuccessResponse, errors: { 404: 'CUSTOMER_NOT_FOUND' },
    handler: ({ body, lang, reply }) => sendCode(body.mobileNumber, lang, false, reply),
  });
  route(app, {
    method: 'POST', url: '/customer-area/mobile-login-validation', summary: 'Customer area: verifies the SMS code', tags,
    body: CustomerAreaValidationBody, response: CustomerAreaInfoResponse, errors: { 401: 'INVALID_SMS_CODE' },
    async handler({ body, req, lang, reply }) {
      const mobile = body.mobileNumber ?? pendingMobile(req);
      if (!mobile) throw new ApiHttpError(401, 'INVALID_SMS_CODE', 'no code was sent to this browser');
      return { customerAreaInfo: await verify(mobile, body.smsCode, lang, reply) };
    },
  });

  // Development only: the outbox of the SMS provider (tests read login codes here). Absent in production.
  if (process.env.NODE_ENV !== 'production') {
    route(app, {
      method: 'GET', url: '/dev/sms-outbox', summary: 'Development only: messages sent to a number (newest first)', tags: ['dev'],
      query: DevSmsQuery, response: DevSmsResponse,
      async handler({ query }) {
        const { rows } = await db.query<{ to_number: string; body: string; created_at: Date }>(
          'SELECT to_number, body, created_at FROM sms_outbox WHERE to_number = $1 ORDER BY id DESC LIMIT 20', [query.mobileNumber]);
        return {
          messages: rows.map((r) => ({ to: r.to_number, body: r.body, code: /\b(\d{6})\b/.exec(r.body)?.[1] ?? null, createdAt: toIso(r.created_at) })),
        };
      },
    });
  }
}
