import crypto from 'node:crypto';
import type { IdentifierLoginBody, LoginIdentifier } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';

/**
 * Which identifiers the sign-in offers (decisions.md: the code always goes to the mobile on file;
 * mobile always, ID number on by default, member number off by default — on in the demo).
 *   CUSTOMER_LOGIN_IDENTIFIERS = comma list of mobile, ssn, memberNumber
 */
export function loginIdentifiers(demo: boolean, env: NodeJS.ProcessEnv = process.env): LoginIdentifier[] {
  const raw = env.CUSTOMER_LOGIN_IDENTIFIERS ?? (demo ? 'mobile,ssn,memberNumber' : 'mobile,ssn');
  const list = raw.split(',').map((s) => s.trim()).filter((s): s is LoginIdentifier => s === 'mobile' || s === 'ssn' || s === 'memberNumber');
  return list.includes('mobile') ? list : ['mobile', ...list];
}

/**
 * The key a code is kept and counted under, and the number it goes to. A known ID or member number
 * resolves to the customer's mobile (so the per-number limits are shared with mobile sign-in); an unknown
 * one gets a key of its own and no SMS — the answer is the same, so nobody learns who is a customer.
 * `pending` is what the browser keeps between the two steps (never the resolved number).
 */
export async function resolveIdentifier(q: Queryable, b: Pick<IdentifierLoginBody, 'mobileNumber' | 'ssn' | 'memberNumber'>, allowed: LoginIdentifier[])
  : Promise<{ key: string; mobile: string | null; pending: string; kind: LoginIdentifier }> {
  if (b.mobileNumber) return { key: b.mobileNumber, mobile: b.mobileNumber, pending: b.mobileNumber, kind: 'mobile' };
  const kind: LoginIdentifier = b.ssn ? 'ssn' : 'memberNumber';
  if (!allowed.includes(kind)) throw new ApiHttpError(400, 'BAD_REQUEST', `sign-in by ${kind} is turned off`);
  const value = (b.ssn ?? b.memberNumber)!;
  const { rows } = kind === 'ssn'
    ? await q.query<{ mobile_number: string }>('SELECT mobile_number FROM customers WHERE ssn = $1', [value])
    : await q.query<{ mobile_number: string }>(`SELECT c.mobile_number FROM customer_members cm JOIN customers c ON c.id = cm.customer_id
        WHERE cm.member_number = $1`, [value]);
  const mobile = rows[0]?.mobile_number ?? null;
  return { key: mobile ?? `${kind}:${value}`, mobile, pending: `${kind}:${value}`, kind };
}

/** Parses what the browser kept between the steps back into an identifier. */
export function pendingIdentifier(pending: string): Pick<IdentifierLoginBody, 'mobileNumber' | 'ssn' | 'memberNumber'> {
  if (pending.startsWith('ssn:')) return { ssn: pending.slice(4) };
  if (pending.startsWith('memberNumber:')) return { memberNumber: pending.slice(13) };
  return { mobileNumber: pending };
}

// ---- passwords (POST /customer/login) ----
const SCRYPT = { N: 16384, r: 8, p: 1 } as const;

export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  return `${salt.toString('base64url')}:${crypto.scryptSync(password, salt, 32, SCRYPT).toString('base64url')}`;
}

/** Constant work whether or not a hash exists (a missing customer costs the same scrypt). */
export function checkPassword(password: string, stored: string | null): boolean {
  const [salt, hash] = (stored ?? 'AAAAAAAAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').split(':');
  const got = crypto.scryptSync(password, Buffer.from(salt!, 'base64url'), 32, SCRYPT);
  const want = Buffer.from(hash!, 'base64url');
  return stored !== null && want.length === got.length && crypto.timingSafeEqual(got, want);
}
