import type { FastifyInstance } from 'fastify';
import bcrypt from 'bcryptjs';
import { StaffLoginBody, StaffLogoutResponse, StaffUser } from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import { boundedRunner } from '../../lib/limit.ts';
import {
  checkCsrf, clearSessionCookies, loadSession, newToken, sessionEnded, SESSION_TTL_S, setSessionCookies, sha256,
} from './auth.ts';

/** Failed attempts allowed per username and address within the window before 429 RATE_LIMITED. */
export const LOGIN_MAX_FAILURES = 5;
/** Failed attempts allowed per address (any usernames) within the window: a fresh username per try costs a bcrypt each. */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
/** bcrypt compares at once per process (and waiting): a flood of sign-ins from many addresses cannot take every CPU. */
const bcryptSlots = boundedRunner(2, 32);
export const LOGIN_WINDOW_S = 15 * 60;
/** A bcrypt hash compared when the username is unknown, so both cases take the same time. */
const DUMMY_HASH = bcrypt.hashSync('not-a-password-x', 10);

export const hashPassword = (password: string) => bcrypt.hash(password, 10);

/** Staff sign-in (spec section 6): POST /staff/login, POST /staff/logout, GET /staff/me. */
export async function staffPlugin(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  route(app, {
    method: 'POST', url: '/staff/login', summary: 'Staff sign-in: sets the staff_session (httpOnly) and csrf cookies', tags: ['staff'],
    body: StaffLoginBody, response: StaffUser, errors: { 401: 'LOGIN_FAILED', 429: 'RATE_LIMITED' },
    async handler({ body, req, reply }) {
      const username = body.username.toLowerCase();
      const ip = req.ip || 'unknown'; // behind nginx the client's address (TRUST_PROXY), never the proxy's
      // The try is counted before the password is checked, in one transaction serialised per address:
      // parallel attempts cannot all pass the count.
      const attempt = await db.tx(async (q) => {
        await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`staff-login:${ip}`]);
        // A username's failures count from its last successful sign-in from this address (a colleague's typo an
        // hour ago does not shorten tonight's budget); the address's count is over any usernames. Each blocking
        // count says when its oldest failure leaves the window: the real wait, not the whole window.
        const { rows: [c] } = await q.query<{ user_ip: number; ip: number; user_wait: number | null; ip_wait: number | null }>(`
          WITH recent AS (
            SELECT username, attempted_at FROM staff_login_attempts
            WHERE ip = $2 AND NOT success AND attempted_at > now() - make_interval(secs => $3)
          ), mine AS (
            SELECT attempted_at FROM recent WHERE username = $1 AND attempted_at > COALESCE(
              (SELECT max(attempted_at) FROM staff_login_attempts WHERE ip = $2 AND username = $1 AND success), '-infinity')
          )
          SELECT (SELECT count(*) FROM mine)::int AS user_ip, (SELECT count(*) FROM recent)::int AS ip,
                 ceil(extract(epoch FROM (SELECT min(attempted_at) FROM mine) + make_interval(secs => $3) - now()))::int AS user_wait,
                 ceil(extract(epoch FROM (SELECT min(attempted_at) FROM recent) + make_interval(secs => $3) - now()))::int AS ip_wait`,
        [username, ip, LOGIN_WINDOW_S]);
        const waits = [c!.user_ip >= LOGIN_MAX_FAILURES ? c!.user_wait : null, c!.ip >= LOGIN_MAX_FAILURES_PER_ADDRESS ? c!.ip_wait : null]
          .filter((w): w is number => w !== null);
        if (waits.length) return { blockedFor: Math.max(1, ...waits) };
        const { rows: [a] } = await q.query<{ id: string }>('INSERT INTO staff_login_attempts (username, ip, success) VALUES ($1, $2, false) RETURNING id', [username, ip]);
        // what is left after this try, if it fails too
        return { id: a!.id, attemptsLeft: Math.min(LOGIN_MAX_FAILURES - c!.user_ip, LOGIN_MAX_FAILURES_PER_ADDRESS - c!.ip) - 1 };
      });
      if ('blockedFor' in attempt) {
        reply.header('retry-after', String(attempt.blockedFor));
        throw new ApiHttpError(429, 'RATE_LIMITED', 'too many failed sign-in attempts; try again later', { retryAfterSeconds: attempt.blockedFor });
      }
      const { rows } = await db.query<{ id: number; password_hash: string; first_name: string; last_name: string; business_ids: number[] }>(
        'SELECT id, password_hash, first_name, last_name, business_ids FROM staff_users WHERE username = $1', [username]);
      const user = rows[0];
      const ok = await bcryptSlots(() => bcrypt.compare(body.password, user?.password_hash ?? DUMMY_HASH));
      if (user && ok) await db.query('UPDATE staff_login_attempts SET success = true WHERE id = $1', [attempt.id]);
      // the sign-in screen warns before the pause (the same answer for unknown usernames: it tells nothing more)
      if (!user || !ok) throw new ApiHttpError(401, 'LOGIN_FAILED', 'wrong username or password', { attemptsLeft: attempt.attemptsLeft, pauseSeconds: LOGIN_WINDOW_S });

      const token = newToken();
      const csrf = newToken();
      await db.query(`DELETE FROM staff_sessions WHERE expires_at < now()`);
      await db.query(`INSERT INTO staff_sessions (token_hash, user_id, csrf_token, expires_at)
                      VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [sha256(token), user.id, csrf, SESSION_TTL_S]);
      setSessionCookies(reply, token, csrf);
      reply.header('cache-control', 'no-store');
      return { userId: user.id, FirstName: user.first_name, LastName: user.last_name, businessIds: user.business_ids.map(Number) };
    },
  });

  route(app, {
    method: 'POST', url: '/staff/logout', summary: 'Ends the staff session (CSRF header required)', tags: ['staff'],
    response: StaffLogoutResponse, errors: { 401: 'UNAUTHORIZED', 403: 'CSRF' },
    async handler({ req, reply }) {
      const session = await loadSession(db, req);
      if (!session) throw new ApiHttpError(401, 'UNAUTHORIZED', 'staff session required');
      checkCsrf(req, session);
      await db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [session.tokenHash]);
      sessionEnded(session.tokenHash);
      clearSessionCookies(reply);
      return { success: true };
    },
  });

  route(app, {
    method: 'GET', url: '/staff/me', summary: 'The signed-in staff user (spec section 3: FirstName, LastName, businessIds, userId)', tags: ['staff'],
    response: StaffUser, errors: { 401: 'UNAUTHORIZED' },
    async handler({ req, reply }) {
      const session = await loadSession(db, req);
      if (!session) throw new ApiHttpError(401, 'UNAUTHORIZED', 'staff session required');
      reply.header('cache-control', 'no-store');
      return session.user;
    },
  });
}
