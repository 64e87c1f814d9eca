import { randomBytes, timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_CSRF_COOKIE, STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE, type StaffUser } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';
import { ApiHttpError } from '../../lib/route.ts';
import { parseCookies, sha256 } from '../../lib/cookies.ts';
export { parseCookies, sha256 };

/**
 * Staff sessions (issue 6): an opaque token in the httpOnly, SameSite=Strict cookie `staff_session`
 * (only its SHA-256 is stored, in staff_sessions, so every api process agrees), plus a CSRF
 * double-submit token: the non-httpOnly cookie `csrf` set at login must come back as the
 * `x-csrf-token` header on every state-changing call, and must equal the session's token.
 */
export const SESSION_TTL_S = 12 * 3600;

export interface StaffSession { user: StaffUser; tokenHash: string; csrf: string }

const sessions = new WeakMap<FastifyRequest, StaffSession>();

export const newToken = () => randomBytes(32).toString('base64url');

function cookie(name: string, value: string, opts: { httpOnly: boolean; path: string; maxAge: number }): string {
  const secure = process.env.NODE_ENV === 'production' ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Path=${opts.path}; Max-Age=${opts.maxAge}; SameSite=Strict${opts.httpOnly ? '; HttpOnly' : ''}${secure}`;
}

export function setSessionCookies(reply: FastifyReply, token: string, csrf: string): void {
  reply.header('set-cookie', [
    cookie(STAFF_SESSION_COOKIE, token, { httpOnly: true, path: '/api', maxAge: SESSION_TTL_S }),
    cookie(STAFF_CSRF_COOKIE, csrf, { httpOnly: false, path: '/', maxAge: SESSION_TTL_S }),
  ]);
}
export function clearSessionCookies(reply: FastifyReply): void {
  reply.header('set-cookie', [
    cookie(STAFF_SESSION_COOKIE, '', { httpOnly: true, path: '/api', maxAge: 0 }),
    cookie(STAFF_CSRF_COOKIE, '', { httpOnly: false, path: '/', maxAge: 0 }),
  ]);
}

interface SessionRow { token_hash: string; csrf_token: string; id: number; first_name: string; last_name: string; business_ids: number[] }

/** The session of a request's cookie, or null (no cookie, unknown or expired). */
export async function loadSession(db: Queryable, req: FastifyRequest): Promise<StaffSession | null> {
  const cached = sessions.get(req);
  if (cached) return cached;
  const token = parseCookies(req.headers.cookie)[STAFF_SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const { rows } = await db.query<SessionRow>(`
    SELECT s.token_hash, s.csrf_token, u.id, u.first_name, u.last_name, u.business_ids
    FROM staff_sessions s JOIN staff_users u ON u.id = s.user_id
    WHERE s.token_hash = $1 AND s.expires_at > now()`, [sha256(token)]);
  const r = rows[0];
  if (!r) return null;
  const session: StaffSession = {
    tokenHash: r.token_hash,
    csrf: r.csrf_token,
    user: { userId: r.id, FirstName: r.first_name, LastName: r.last_name, businessIds: r.business_ids.map(Number) },
  };
  sessions.set(req, session);
  return session;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Throws 403 CSRF unless the header equals both the `csrf` cookie and the session's token. */
export function checkCsrf(req: FastifyRequest, session: StaffSession): void {
  const header = req.headers[STAFF_CSRF_HEADER];
  const h = Array.isArray(header) ? header[0] : header;
  const c = parseCookies(req.headers.cookie)[STAFF_CSRF_COOKIE];
  if (!sameToken(h, c) || !sameToken(h, session.csrf)) throw new ApiHttpError(403, 'CSRF', 'missing or wrong x-csrf-token');
}

/**
 * onRequest hook for staff-only scopes: 401 UNAUTHORIZED without a valid session, 403 CSRF on a
 * state-changing call without the double-submit token.
 */
export function staffGuard(db: Queryable) {
  return async (req: FastifyRequest): Promise<void> => {
    const session = await loadSession(db, req);
    if (!session) throw new ApiHttpError(401, 'UNAUTHORIZED', 'staff session required');
    if (STATE_CHANGING.has(req.method)) checkCsrf(req, session);
  };
}

/** The staff user of a request that passed staffGuard. */
export function staffOf(req: FastifyRequest): StaffUser {
  const s = sessions.get(req);
  if (!s) throw new ApiHttpError(401, 'UNAUTHORIZED', 'staff session required');
  return s.user;
}

/** Sessions ended in this process (logout): open staff event streams of the session close at once. */
const ended = new EventEmitter().setMaxListeners(0);
export function sessionEnded(tokenHash: string): void {
  ended.emit('ended', tokenHash);
}
export function onSessionEnded(cb: (tokenHash: string) => void): () => void {
  ended.on('ended', cb);
  return () => ended.off('ended', cb);
}
/** Is the session still valid in the database (not logged out on any process, not expired)? */
export async function sessionAlive(db: Queryable, tokenHash: string | undefined): Promise<boolean> {
  if (!tokenHash) return false;
  const { rows } = await db.query('SELECT 1 FROM staff_sessions WHERE token_hash = $1 AND expires_at > now()', [tokenHash]);
  return rows.length > 0;
}
