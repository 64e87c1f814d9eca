import type { Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';

/**
 * Sign-in abuse limits (OWASP ASVS 5.0 level 2, authentication). Every count lives in the database
 * (customer_sms_sends, customer_login_failures, customer_login_codes), so all api processes share it,
 * and each check-and-record runs in one transaction under a per-key advisory lock, so parallel
 * requests queue instead of slipping past the count together.
 */
export const LIMITS = {
  /** A code lives 5 minutes (ASVS: at most 10). */
  codeTtlS: 300,
  /** Wrong tries one code survives; the sixth try of a code fails even with the right code. */
  triesPerCode: 5,
  /** Wrong tries per number per rolling hour, across resends (a new code never resets it). */
  wrongPerNumberPerHour: 10,
  /** Codes sent per number per rolling 15 minutes. */
  sendsPerNumberPer15Min: 3,
  /** Codes sent per client address per rolling 15 minutes (SMS pumping); env CUSTOMER_SMS_PER_ADDRESS_15MIN. */
  sendsPerAddressPer15Min: Number(process.env.CUSTOMER_SMS_PER_ADDRESS_15MIN || 30),
  /**
   * Wrong email + password sign-ins per client address per rolling 15 minutes, whatever the emails (password
   * spraying: one password tried on many emails never reaches the per-email count); env CUSTOMER_LOGIN_PER_ADDRESS_15MIN.
   * 30 like the SMS codes: customers share carrier and venue addresses more than staff do (20).
   */
  wrongPasswordsPerAddressPer15Min: Number(process.env.CUSTOMER_LOGIN_PER_ADDRESS_15MIN || 30),
} as const;

/**
 * A code request answers no sooner than this after it arrived (env SMS_LOGIN_FLOOR_MS; default 1,000 ms, none in the
 * demo, whose outbox provider answers at once): the SMS provider is awaited only for customers' numbers, so without a
 * floor a real provider's latency would tell who is a customer. Set it above the provider's p99.
 */
export function loginFloorMs(demo: boolean, env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.SMS_LOGIN_FLOOR_MS);
  return env.SMS_LOGIN_FLOOR_MS?.trim() && Number.isFinite(v) ? Math.max(0, v) : demo ? 0 : 1000;
}

/** Waits until `floorMs` have passed since `startedAt` (performance.now()). */
export async function noSoonerThan(startedAt: number, floorMs: number): Promise<void> {
  const wait = startedAt + floorMs - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, Math.ceil(wait)));
}

/** Serialises everything about one key (a number, an address) for the rest of the transaction. */
export async function lockKey(q: Queryable, key: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

async function countSince(q: Queryable, sql: string, value: string, seconds: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`${sql} AND created_at > now() - make_interval(secs => $2)`, [value, seconds]);
  return Number(rows[0]?.n ?? 0);
}

/** Records one send, or throws 429 RATE_LIMITED when the number or the address has used its sends. */
export async function takeSend(q: Queryable, mobile: string, address: string): Promise<void> {
  await lockKey(q, `sms-number:${mobile}`);
  await lockKey(q, `sms-address:${address}`);
  const byNumber = await countSince(q, 'SELECT count(*)::int AS n FROM customer_sms_sends WHERE mobile_number = $1', mobile, 900);
  if (byNumber >= LIMITS.sendsPerNumberPer15Min) throw new ApiHttpError(429, 'RATE_LIMITED', 'too many codes for this number');
  const byAddress = await countSince(q, 'SELECT count(*)::int AS n FROM customer_sms_sends WHERE address = $1', address, 900);
  if (byAddress >= LIMITS.sendsPerAddressPer15Min) throw new ApiHttpError(429, 'RATE_LIMITED', 'too many codes from this address');
  await q.query('INSERT INTO customer_sms_sends (mobile_number, address) VALUES ($1, $2)', [mobile, address]);
}

/** True when the number has used its wrong tries of the last hour (call under lockKey of the number). */
export async function numberLocked(q: Queryable, mobile: string): Promise<boolean> {
  const n = await countSince(q, 'SELECT count(*)::int AS n FROM customer_login_failures WHERE mobile_number = $1', mobile, 3600);
  return n >= LIMITS.wrongPerNumberPerHour;
}

/**
 * True when the address has used its wrong passwords of the last 15 minutes (call under lockKey of addressKey). Its
 * failures are rows of customer_login_failures under the key `password-address:<ip>`, beside the per-email ones.
 */
export async function addressLocked(q: Queryable, addressKey: string): Promise<boolean> {
  const n = await countSince(q, 'SELECT count(*)::int AS n FROM customer_login_failures WHERE mobile_number = $1', addressKey, 900);
  return n >= LIMITS.wrongPasswordsPerAddressPer15Min;
}

export async function recordFailure(q: Queryable, mobile: string): Promise<void> {
  await q.query('INSERT INTO customer_login_failures (mobile_number) VALUES ($1)', [mobile]);
}
