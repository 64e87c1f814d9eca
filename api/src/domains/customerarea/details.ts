import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CustomerInfoResponse, DetailsUpdateBody, MobileChangeCodeBody, SuccessResponse } from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import type { SmsProvider } from '../../lib/sms.ts';
import { localeOf } from '../../lib/localizedNames.ts';
import { customerInfo, requireCustomer, sha256, SMS_CODE_TTL_S } from '../customers/service.ts';
import { LIMITS, lockKey, numberLocked, recordFailure, takeSend } from '../customers/limits.ts';
import { SMS_TEXTS } from '../customers/index.ts';

/** Mobile-number update from the customer area (spec 6: allowed by default). CUSTOMER_MOBILE_UPDATE = on | off */
export const mobileUpdateAllowed = (env: NodeJS.ProcessEnv = process.env) => env.CUSTOMER_MOBILE_UPDATE !== 'off';

/**
 * The key a number-change code is kept (customer_login_codes) and its wrong tries counted under: the customer's own
 * and never a bare number, so a change code can never sign anybody in, nor a sign-in code change a number.
 */
const changeKey = (customerId: number, mobile: string) => `mobile-change:${customerId}:${mobile}`;

/**
 * Changing the number one signs in with needs a code texted to the NEW number (issue: a typo saved at once locked the
 * customer out, and a 409 "belongs to another customer" told anyone which numbers have accounts).
 *
 * Why this order is the safe one: the code step answers and works the same for any valid number (a code is stored and
 * texted whether or not the number is another customer's), so asking for a code tells nothing. Only the holder of that
 * phone can then pass the code check, and only after it does the api refuse a number that is taken, with a neutral
 * MOBILE_CHANGE_REFUSED; that holder could learn the same by signing in with the number. A wrong code is
 * INVALID_SMS_CODE, counted like sign-in's wrong codes (LIMITS.triesPerCode, LIMITS.wrongPerNumberPerHour), and sends
 * count against the new number's and the address's sign-in send limits (takeSend).
 */
export function detailsRoutes(app: FastifyInstance, db: Db, sms: SmsProvider): void {
  route(app, {
    method: 'POST', url: '/customer-area/details/mobile-code', summary: 'Customer area: texts a code to a new mobile number before it replaces the one on file', tags: ['customers'],
    body: MobileChangeCodeBody, response: SuccessResponse,
    errors: { 401: 'UNAUTHORIZED', 403: 'MOBILE_UPDATE_DISABLED', 429: 'RATE_LIMITED', 502: 'SMS_FAILED' },
    async handler({ req, body }) {
      const customerId = await requireCustomer(db, req, { csrf: true });
      if (!mobileUpdateAllowed()) throw new ApiHttpError(403, 'MOBILE_UPDATE_DISABLED');
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const key = changeKey(customerId, body.mobileNumber);
      await db.tx(async (q) => {
        await takeSend(q, body.mobileNumber, req.ip);
        await q.query(`INSERT INTO customer_login_codes (mobile_number, code_hash, attempts, expires_at)
          VALUES ($1, $2, 0, now() + make_interval(secs => $3))
          ON CONFLICT (mobile_number) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0, created_at = now(), expires_at = EXCLUDED.expires_at`,
        [key, sha256(`${key}:${code}`), SMS_CODE_TTL_S]);
      });
      try {
        await sms.send(body.mobileNumber, SMS_TEXTS[localeOf(req)].code(code));
      } catch {
        throw new ApiHttpError(502, 'SMS_FAILED');
      }
      return { success: true as const };
    },
  });

  /** Checks (and spends) a change code in its own transaction, so a wrong try is counted even though the call fails. */
  async function checkChangeCode(customerId: number, mobile: string, code: string): Promise<void> {
    const key = changeKey(customerId, mobile);
    const outcome = await db.tx(async (q): Promise<'ok' | 'wrong' | 'locked'> => {
      await lockKey(q, key);
      if (await numberLocked(q, key)) return 'locked';
      const { rows } = await q.query<{ code_hash: string; attempts: number; live: boolean }>(`
        UPDATE customer_login_codes SET attempts = attempts + 1 WHERE mobile_number = $1
        RETURNING code_hash, attempts, expires_at > now() AS live`, [key]);
      const r = rows[0];
      const good = !!r && r.live && r.attempts <= LIMITS.triesPerCode
        && crypto.timingSafeEqual(Buffer.from(r.code_hash), Buffer.from(sha256(`${key}:${code}`)));
      if (good) {
        await q.query('DELETE FROM customer_login_codes WHERE mobile_number = $1', [key]);
        return 'ok';
      }
      await recordFailure(q, key);
      return 'wrong';
    });
    if (outcome === 'locked') throw new ApiHttpError(429, 'RATE_LIMITED', 'too many wrong codes for this number; try again later');
    if (outcome === 'wrong') throw new ApiHttpError(400, 'INVALID_SMS_CODE');
  }

  route(app, {
    method: 'POST', url: '/customer-area/details', summary: 'Customer area: updates the signed-in customer\'s details and contact details (a new mobile number with its texted code)', tags: ['customers'],
    body: DetailsUpdateBody, response: CustomerInfoResponse,
    errors: { 400: 'INVALID_SMS_CODE', 401: 'UNAUTHORIZED', 403: 'CSRF', 409: 'MOBILE_CHANGE_REFUSED', 428: 'MOBILE_CODE_REQUIRED', 429: 'RATE_LIMITED' },
    async handler({ req, body, lang }) {
      const customerId = await requireCustomer(db, req, { csrf: true });
      const cur = await db.query<{ mobile_number: string }>('SELECT mobile_number FROM customers WHERE id = $1', [customerId]);
      const changing = cur.rows[0]!.mobile_number !== body.mobileNumber;
      if (changing) {
        if (!mobileUpdateAllowed()) throw new ApiHttpError(403, 'MOBILE_UPDATE_DISABLED');
        if (!body.smsCode) throw new ApiHttpError(428, 'MOBILE_CODE_REQUIRED', 'a new mobile number needs the code texted to it');
        await checkChangeCode(customerId, body.mobileNumber, body.smsCode);
      }
      await db.tx(async (q) => {
        if (changing) {
          // neutral on purpose (see above): only the new number's holder gets this far
          const taken = await q.query('SELECT 1 FROM customers WHERE mobile_number = $1 AND id <> $2 FOR UPDATE', [body.mobileNumber, customerId]);
          if (taken.rows.length) throw new ApiHttpError(409, 'MOBILE_CHANGE_REFUSED');
        }
        await q.query(`UPDATE customers SET first_name = $2, last_name = $3, email = $4, mobile_number = $5, city = $6, address1 = $7,
            postal_code = $8, is_mailing_allowed = $9 WHERE id = $1`,
        [customerId, body.firstName, body.lastName, body.email, body.mobileNumber, body.city ?? null, body.address1 ?? null,
          body.postalCode || null, body.isMailingAllowed]);
      }).catch((e: unknown) => {
        // two customers racing for one number: the unique index answers as the check above would
        if ((e as { code?: string }).code === '23505') throw new ApiHttpError(409, 'MOBILE_CHANGE_REFUSED');
        throw e;
      });
      return { customerInfo: await customerInfo(db, customerId, lang) };
    },
  });
}
