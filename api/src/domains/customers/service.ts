import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CUSTOMER_CSRF_COOKIE, CUSTOMER_CSRF_HEADER, CUSTOMER_SESSION_COOKIE, type CustomerInfo, type Member } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';
import { jerusalemToday } from '../../lib/time.ts';
import { parseCookies, sha256 } from '../../lib/cookies.ts';
import { LIMITS } from './limits.ts';
import { pick } from '../../lib/lang.ts';
export { parseCookies, sha256 };

/**
 * Customer sessions: an opaque token in the httpOnly, SameSite=Lax cookie `tx_customer` (path /api);
 * only its SHA-256 is stored (customer_sessions), so every api process accepts it. A new token at every
 * sign-in (the old session of the browser is deleted), 30 minutes idle timeout, 30 days absolute.
 * CSRF: double submit — the readable cookie `tx_customer_csrf` must come back as the `x-customer-csrf`
 * header on every state-changing call that acts on the session, and must equal the session's token.
 * The cookies' names are the shared contract's (`sessionCookies.ts`): the pages read the readable one.
 */

/** Remembers which number the last code went to, for /customer-area/mobile-login-validation (body: smsCode only). */
export const PENDING_COOKIE = 'tx_login_mobile';
export const CUSTOMER_SESSION_TTL_S = 30 * 24 * 3600;
export const CUSTOMER_IDLE_S = 30 * 60;
export const SMS_CODE_TTL_S = LIMITS.codeTtlS;

function cookie(name: string, value: string, maxAge: number, opts: { httpOnly?: boolean; path?: string } = {}): string {
  const secure = process.env.NODE_ENV === 'production' ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Path=${opts.path ?? '/api'}${opts.httpOnly === false ? '' : '; HttpOnly'}; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

function appendCookie(reply: FastifyReply, c: string): void {
  const prev = reply.getHeader('set-cookie');
  const list = prev === undefined ? [] : Array.isArray(prev) ? prev.map(String) : [String(prev)];
  reply.header('set-cookie', [...list, c]);
}

const tokenOf = (req: FastifyRequest) => {
  const t = parseCookies(req.headers.cookie)[CUSTOMER_SESSION_COOKIE];
  return t && t.length <= 200 ? t : undefined;
};

/** Starts a session with a fresh token (rotation: the browser's previous session, if any, ends). */
export async function startSession(q: Queryable, req: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void> {
  const old = tokenOf(req);
  if (old) await q.query('DELETE FROM customer_sessions WHERE token_hash = $1', [sha256(old)]);
  const token = crypto.randomBytes(32).toString('base64url');
  const csrf = crypto.randomBytes(24).toString('base64url');
  await q.query(`INSERT INTO customer_sessions (token_hash, customer_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sha256(token), customerId, csrf, CUSTOMER_SESSION_TTL_S]);
  appendCookie(reply, cookie(CUSTOMER_SESSION_COOKIE, token, CUSTOMER_SESSION_TTL_S));
  appendCookie(reply, cookie(CUSTOMER_CSRF_COOKIE, csrf, CUSTOMER_SESSION_TTL_S, { httpOnly: false, path: '/' }));
}

export async function endSession(q: Queryable, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = tokenOf(req);
  if (token) await q.query('DELETE FROM customer_sessions WHERE token_hash = $1', [sha256(token)]);
  appendCookie(reply, cookie(CUSTOMER_SESSION_COOKIE, '', 0));
  appendCookie(reply, cookie(CUSTOMER_CSRF_COOKIE, '', 0, { httpOnly: false, path: '/' }));
}

export function setPendingMobile(reply: FastifyReply, mobile: string): void {
  appendCookie(reply, cookie(PENDING_COOKIE, mobile, SMS_CODE_TTL_S));
}
export function pendingMobile(req: FastifyRequest): string | undefined {
  return parseCookies(req.headers.cookie)[PENDING_COOKIE];
}

interface LiveSession { customerId: number; csrf: string }

/** The live session of the cookie (absolute and idle limits checked, idle clock reset), or null. */
async function liveSession(q: Queryable, req: FastifyRequest): Promise<LiveSession | null> {
  const token = tokenOf(req);
  if (!token) return null;
  const { rows } = await q.query<{ customer_id: number; csrf_token: string }>(`
    UPDATE customer_sessions SET last_seen_at = now()
    WHERE token_hash = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(secs => $2)
    RETURNING customer_id, csrf_token`, [sha256(token), CUSTOMER_IDLE_S]);
  const r = rows[0];
  return r ? { customerId: r.customer_id, csrf: r.csrf_token } : null;
}

/** The logged-in customer's id from the session cookie, or null. */
export async function sessionCustomerId(q: Queryable, req: FastifyRequest): Promise<number | null> {
  return (await liveSession(q, req))?.customerId ?? null;
}

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a), y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * The signed-in customer of a request, or 401 UNAUTHORIZED; with `csrf`, also 403 CSRF unless the
 * x-customer-csrf header equals both the readable cookie and the session's token.
 */
export async function requireCustomer(q: Queryable, req: FastifyRequest, opts: { csrf: boolean }): Promise<number> {
  const s = await liveSession(q, req);
  if (!s) throw new ApiHttpError(401, 'UNAUTHORIZED', 'customer session required');
  if (opts.csrf) {
    const h = req.headers[CUSTOMER_CSRF_HEADER];
    const header = Array.isArray(h) ? h[0] : h;
    const c = parseCookies(req.headers.cookie)[CUSTOMER_CSRF_COOKIE];
    if (!sameToken(header, c) || !sameToken(header, s.csrf)) throw new ApiHttpError(403, 'CSRF', 'missing or wrong x-customer-csrf');
  }
  return s.customerId;
}

export interface CustomerRow {
  id: number; first_name: string; last_name: string; ssn: string | null; email: string | null; mobile_number: string;
  phone_number: string | null; address1: string | null; address2: string | null; city: string | null; postal_code: string | null;
  date_of_birth: string | null; is_sms_allowed: boolean; is_email_allowed: boolean; is_mailing_allowed: boolean; loyalty_points: number;
}

export interface MemberRow {
  id: number; customer_id: number; membership_id: number; type_id: number; name_he: string; name_en: string; member_number: string;
  membership_identifier: string; additional_name: string | null; balance: number; used_balance: number; points_balance: number;
  start_date: string; end_date: string; is_cancelled: boolean; allow_member_sale_tickets: boolean; is_loyalty_points_redemption: boolean;
  first_name: string; last_name: string;
}

export const MEMBER_SELECT = `
  SELECT cm.id, cm.customer_id, cm.membership_id, m.type_id, m.name_he, m.name_en, cm.member_number, cm.membership_identifier,
         cm.additional_name, cm.balance, cm.used_balance, cm.points_balance, cm.start_date::text AS start_date,
         cm.end_date::text AS end_date, cm.is_cancelled, cm.allow_member_sale_tickets, cm.is_loyalty_points_redemption,
         c.first_name, c.last_name
  FROM customer_members cm JOIN memberships m ON m.id = cm.membership_id JOIN customers c ON c.id = cm.customer_id`;

export function memberState(m: MemberRow, today = jerusalemToday()) {
  const isNotStarted = m.start_date > today;
  const isExpired = m.end_date < today || m.is_cancelled;
  return { isNotStarted, isExpired, isActive: !isNotStarted && !isExpired };
}

export function toMember(m: MemberRow, lang: 'he' | 'en'): Member {
  const st = memberState(m);
  return {
    name: pick(lang, m.name_he, m.name_en),
    additionalName: m.additional_name,
    memberCustomerName: `${m.first_name} ${m.last_name}`,
    membershipId: m.membership_id,
    membershipTypeId: m.type_id,
    balance: m.balance - m.used_balance,
    pointsBalance: m.points_balance,
    memberNumber: m.member_number,
    customerId: m.customer_id,
    membershipIdentifier: m.membership_identifier,
    usedBalance: m.used_balance,
    startDate: m.start_date,
    endDate: m.end_date,
    isAvailable: st.isActive && m.balance - m.used_balance > 0,
    isExpired: st.isExpired,
    isNotStarted: st.isNotStarted,
    isLoyaltyPointsRedemption: m.is_loyalty_points_redemption,
    allowMemberSaleTickets: m.allow_member_sale_tickets,
  };
}

export async function customerInfo(q: Queryable, customerId: number, lang: 'he' | 'en'): Promise<CustomerInfo> {
  const { rows } = await q.query<CustomerRow>(`SELECT id, first_name, last_name, ssn, email, mobile_number, phone_number, address1, address2,
      city, postal_code, date_of_birth::text AS date_of_birth, is_sms_allowed, is_email_allowed, is_mailing_allowed, loyalty_points
    FROM customers WHERE id = $1`, [customerId]);
  const c = rows[0];
  if (!c) throw new ApiHttpError(404, 'CUSTOMER_NOT_FOUND');
  const members = (await q.query<MemberRow>(`${MEMBER_SELECT} WHERE cm.customer_id = $1 ORDER BY cm.id`, [customerId])).rows;
  const Members = members.map((m) => toMember(m, lang));
  return {
    CustomerId: c.id, FirstName: c.first_name, LastName: c.last_name, SSN: c.ssn, EmailAddress1: c.email, MobileNumber1: c.mobile_number,
    PhoneNumber1: c.phone_number, Address1: c.address1, Address2: c.address2, City: c.city, PostalCode: c.postal_code,
    DateOfBirth: c.date_of_birth, IsSMSAllowed: c.is_sms_allowed, IsEmailAllowed: c.is_email_allowed, IsMailingAllowed: c.is_mailing_allowed,
    LoyaltyPoints: c.loyalty_points, Members, hasActiveMembership: members.some((m) => memberState(m).isActive),
  };
}

/** True when the customer has a membership that is started, not expired and not cancelled. */
export async function hasActiveMembership(q: Queryable, customerId: number): Promise<boolean> {
  const { rows } = await q.query<MemberRow>(`${MEMBER_SELECT} WHERE cm.customer_id = $1`, [customerId]);
  return rows.some((m) => memberState(m).isActive);
}
