import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CustomerAreaInfoResponse, CustomerAreaValidationBody, CustomerInfoResponse, CustomerLocationsResponse, DevSmsQuery, DevSmsResponse,
  IdentifierLoginBody, LoginOptionsResponse, MobileLoginBody, MobileLoginValidationBody, PasswordLoginBody, SuccessResponse, type CustomerInfo,
} from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, route, type Lang } from '../../lib/route.ts';
import { outboxSmsProvider, type SmsProvider } from '../../lib/sms.ts';
import { toIso } from '../../lib/time.ts';
import {
  customerInfo, endSession, pendingMobile, requireCustomer, sessionCustomerId, setPendingMobile, sha256, SMS_CODE_TTL_S, startSession,
} from './service.ts';
import { addressLocked, LIMITS, lockKey, loginFloorMs, noSoonerThan, numberLocked, recordFailure, takeSend } from './limits.ts';
import { checkPassword, loginIdentifiers, pendingIdentifier, resolveIdentifier } from './identify.ts';
import { pick } from '../../lib/lang.ts';
import { localeOf, type FullLocale } from '../../lib/localizedNames.ts';

/** Texts of the SMS messages (the api's own content, in the visitor's language). */
export const SMS_TEXTS: Record<FullLocale, { code: (code: string) => string }> = {
  he: { code: (c) => `קוד האימות שלך: ${c}. הקוד תקף ל-5 דקות.` },
  en: { code: (c) => `Your verification code: ${c}. It is valid for 5 minutes.` },
  ru: { code: (c) => `Ваш код подтверждения: ${c}. Он действует 5 минут.` },
  ar: { code: (c) => `رمز التحقق الخاص بك: ${c}. صالح لمدة 5 دقائق.` },
  pl: { code: (c) => `Twój kod weryfikacyjny: ${c}. Jest ważny przez 5 minut.` },
};

/**
 * Customers (minimal, for hold orders and prefill; the customer issue builds the full area on top):
 * login by mobile number and a one-time SMS code, a database session in an httpOnly SameSite=Lax cookie.
 */
export async function customersPlugin(app: FastifyInstance, opts: { db: Db; sms?: SmsProvider }): Promise<void> {
  const { db } = opts;
  const sms = opts.sms ?? outboxSmsProvider(db);

  /**
   * Sends a code. The answer (and the work done) is the same whether or not the number is a customer's:
   * a code row and a send are recorded either way, the SMS goes only to customers (or to any valid
   * Israeli mobile with sendSmsRegardlessOfCustomerExistence) — so the endpoint tells no one who is a customer.
   */
  async function sendCode(req: FastifyRequest, mobile: string, lang: Lang, regardless: boolean, reply: FastifyReply, pending = mobile, startedAt = performance.now()): Promise<{ success: true }> {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const known = await db.tx(async (q) => {
      await takeSend(q, mobile, req.ip);
      const { rows } = await q.query<{ id: number }>('SELECT id FROM customers WHERE mobile_number = $1', [mobile]);
      await q.query(`INSERT INTO customer_login_codes (mobile_number, code_hash, attempts, expires_at)
        VALUES ($1, $2, 0, now() + make_interval(secs => $3))
        ON CONFLICT (mobile_number) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0, created_at = now(), expires_at = EXCLUDED.expires_at`,
      [mobile, sha256(`${mobile}:${code}`), SMS_CODE_TTL_S]);
      return rows.length > 0;
    });
    if (known || regardless) {
      try {
        await sms.send(mobile, SMS_TEXTS[localeOf(req)].code(code));
      } catch {
        throw new ApiHttpError(502, 'SMS_FAILED');
      }
    }
    // the same time for a stranger as for a customer whose SMS the provider took a while to accept
    await noSoonerThan(startedAt, loginFloorMs(app.demo));
    setPendingMobile(reply, pending);
    return { success: true };
  }

  /**
   * Checks a code: single use, at most LIMITS.triesPerCode tries per code and LIMITS.wrongPerNumberPerHour
   * wrong tries per number per hour across resends; then starts a fresh session.
   */
  async function verify(req: FastifyRequest, mobile: string, code: string, lang: Lang, reply: FastifyReply): Promise<CustomerInfo> {
    const outcome = await db.tx(async (q): Promise<'ok' | 'wrong' | 'locked'> => {
      await lockKey(q, `sms-number:${mobile}`);
      if (await numberLocked(q, mobile)) return 'locked';
      const { rows } = await q.query<{ code_hash: string; attempts: number; live: boolean }>(`
        UPDATE customer_login_codes SET attempts = attempts + 1 WHERE mobile_number = $1
        RETURNING code_hash, attempts, expires_at > now() AS live`, [mobile]);
      const r = rows[0];
      const good = !!r && r.live && r.attempts <= LIMITS.triesPerCode
        && crypto.timingSafeEqual(Buffer.from(r.code_hash), Buffer.from(sha256(`${mobile}:${code}`)));
      if (good) {
        await q.query('DELETE FROM customer_login_codes WHERE mobile_number = $1', [mobile]);
        return 'ok';
      }
      await recordFailure(q, mobile);
      return 'wrong';
    });
    if (outcome === 'locked') throw new ApiHttpError(429, 'RATE_LIMITED', 'too many wrong codes for this number; try again later');
    if (outcome === 'wrong') throw new ApiHttpError(401, 'INVALID_SMS_CODE');
    const { rows } = await db.query<{ id: number }>('SELECT id FROM customers WHERE mobile_number = $1', [mobile]);
    if (!rows[0]) throw new ApiHttpError(404, 'CUSTOMER_NOT_FOUND');
    await startSession(db, req, reply, rows[0].id);
    return customerInfo(db, rows[0].id, lang);
  }

  /** Ends the session; a call that carries a live session must carry its CSRF token too. */
  async function logout(req: FastifyRequest, reply: FastifyReply): Promise<{ success: true }> {
    if (await sessionCustomerId(db, req)) await requireCustomer(db, req, { csrf: true });
    await endSession(db, req, reply);
    return { success: true };
  }

  async function current(req: FastifyRequest, lang: Lang): Promise<CustomerInfo> {
    const id = await sessionCustomerId(db, req);
    if (!id) throw new ApiHttpError(401, 'UNAUTHORIZED');
    return customerInfo(db, id, lang);
  }

  /**
   * Email and password: the same LOGIN_FAILED for an unknown email and a wrong password (same scrypt work);
   * wrong passwords count per email like wrong codes per number (at most LIMITS.wrongPerNumberPerHour an hour) and per
   * address over any emails (LIMITS.wrongPasswordsPerAddressPer15Min), checked and recorded under both locks.
   */
  async function passwordLogin(req: FastifyRequest, email: string, password: string, lang: Lang, includeMemberships: boolean, reply: FastifyReply): Promise<CustomerInfo> {
    const key = `email:${email.toLowerCase()}`;
    const addressKey = `password-address:${req.ip || 'unknown'}`;
    const id = await db.tx(async (q) => {
      // always the email first, then the address (as takeSend: number, then address), so two sign-ins never deadlock
      await lockKey(q, key);
      await lockKey(q, addressKey);
      if (await numberLocked(q, key)) throw new ApiHttpError(429, 'RATE_LIMITED', 'too many wrong passwords; try again later');
      if (await addressLocked(q, addressKey)) throw new ApiHttpError(429, 'RATE_LIMITED', 'too many wrong passwords from this address; try again later');
      const { rows } = await q.query<{ id: number; password_hash: string | null }>(
        'SELECT id, password_hash FROM customers WHERE lower(email) = $1 AND password_hash IS NOT NULL', [email.toLowerCase()]);
      if (checkPassword(password, rows[0]?.password_hash ?? null)) return rows[0]!.id;
      await recordFailure(q, key);
      await recordFailure(q, addressKey);
      return null;
    });
    if (!id) throw new ApiHttpError(401, 'LOGIN_FAILED');
    await startSession(db, req, reply, id);
    const info = await customerInfo(db, id, lang);
    return includeMemberships ? info : { ...info, Members: [] };
  }

  const identifiers = loginIdentifiers(app.demo);
  const tags = ['customers'];
  route(app, {
    method: 'GET', url: '/customer/login-options', summary: 'Which identifiers the SMS sign-in offers (configuration)', tags,
    response: LoginOptionsResponse,
    handler: async () => ({ identifiers, passwordLogin: true }),
  });
  route(app, {
    method: 'POST', url: '/customer/login', summary: 'Signs in with email and password; starts the customer session', tags,
    body: PasswordLoginBody, response: CustomerInfoResponse, errors: { 401: 'LOGIN_FAILED', 429: 'RATE_LIMITED' },
    handler: async ({ body, req, lang, reply }) => ({ customerInfo: await passwordLogin(req, body.email, body.password, lang, body.includeMemberships, reply) }),
  });
  route(app, {
    method: 'GET', url: '/customer/locations', summary: 'The cinemas a customer can choose as their home location', tags,
    response: CustomerLocationsResponse,
    async handler({ lang }) {
      const { rows } = await db.query<{ id: number; name_he: string; name_en: string; city_he: string; city_en: string }>(
        'SELECT id, name_he, name_en, city_he, city_en FROM locations ORDER BY id');
      return { locations: rows.map((r) => ({ id: r.id, name: pick(lang, r.name_he, r.name_en), city: pick(lang, r.city_he, r.city_en) })) };
    },
  });
  route(app, {
    method: 'POST', url: '/customer/mobile-login', summary: 'Sends a one-time login code by SMS', tags,
    body: MobileLoginBody, response: SuccessResponse, errors: { 429: 'RATE_LIMITED', 502: 'SMS_FAILED' },
    handler: ({ body, req, lang, reply }) => sendCode(req, body.mobileNumber, lang, body.sendSmsRegardlessOfCustomerExistence === true, reply),
  });
  route(app, {
    method: 'POST', url: '/customer/mobile-login-validation-area', summary: 'Verifies the SMS code; starts the customer session', tags,
    body: MobileLoginValidationBody, response: CustomerInfoResponse, errors: { 401: 'INVALID_SMS_CODE', 404: 'CUSTOMER_NOT_FOUND', 429: 'RATE_LIMITED' },
    handler: async ({ body, req, lang, reply }) => ({ customerInfo: await verify(req, body.mobileNumber, body.smsCode, lang, reply) }),
  });
  route(app, {
    method: 'POST', url: '/customer/refresh', summary: 'The logged-in customer (session cookie)', tags,
    response: CustomerInfoResponse, errors: { 401: 'UNAUTHORIZED' },
    handler: async ({ req, lang }) => ({ customerInfo: await current(req, lang) }),
  });
  route(app, {
    method: 'POST', url: '/customer/logout', summary: 'Ends the customer session', tags, response: SuccessResponse,
    errors: { 403: 'CSRF' },
    handler: ({ req, reply }) => logout(req, reply),
  });
  route(app, {
    method: 'POST', url: '/customer-area/logout', summary: 'Customer area: ends the customer session', tags, response: SuccessResponse,
    errors: { 403: 'CSRF' },
    handler: ({ req, reply }) => logout(req, reply),
  });
  route(app, {
    method: 'POST', url: '/customer-area/mobile-login', summary: 'Customer area: sends a login code by SMS', tags,
    body: IdentifierLoginBody, response: SuccessResponse, errors: { 429: 'RATE_LIMITED', 502: 'SMS_FAILED' },
    async handler({ body, req, lang, reply }) {
      const startedAt = performance.now();
      const who = await resolveIdentifier(db, body, identifiers);
      return sendCode(req, who.key, lang, false, reply, who.pending, startedAt);
    },
  });
  route(app, {
    method: 'POST', url: '/customer-area/mobile-login-validation', summary: 'Customer area: verifies the SMS code', tags,
    body: CustomerAreaValidationBody, response: CustomerAreaInfoResponse, errors: { 401: 'INVALID_SMS_CODE', 404: 'CUSTOMER_NOT_FOUND', 429: 'RATE_LIMITED' },
    async handler({ body, req, lang, reply }) {
      const pending = body.mobileNumber ?? pendingMobile(req);
      if (!pending) throw new ApiHttpError(401, 'INVALID_SMS_CODE', 'no code was sent to this browser');
      const who = await resolveIdentifier(db, pendingIdentifier(pending), identifiers);
      return { customerAreaInfo: await verify(req, who.key, body.smsCode, lang, reply) };
    },
  });

  // Demo mode only (lib/demo.ts): the outbox of the SMS provider (tests read login codes here).
  if (app.demo) {
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
