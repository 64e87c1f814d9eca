import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { ApiHttpError } from './route.ts';

/**
 * Codes, coupons, vouchers, member numbers and partner references can be guessed: every lookup that
 * answers "not found" (a 404) counts against the client address (req.ip), and after GUESS_MAX_FAILURES
 * (default 30) within a rolling GUESS_WINDOW_MS (default 10 minutes) that address's lookups get 429
 * RATE_LIMITED. Right answers cost nothing, so a visitor typing a code is never slowed.
 *
 * The count lives in the database (guess_failures), so every api process behind nginx shares one budget.
 * Each lookup is recorded as a failure before it runs (checked and recorded in one transaction under a lock of
 * the address) and the record is removed when it answers anything but a 404: parallel guesses cannot all pass
 * the check before any of them is counted.
 */
export function guessLimiter(max = Number(process.env.GUESS_MAX_FAILURES) || 30, windowMs = Number(process.env.GUESS_WINDOW_MS) || 600_000) {
  const windowS = windowMs / 1000;
  return async function guarded<T>(db: Db, req: FastifyRequest, lookup: () => Promise<T>): Promise<T> {
    const addr = req.ip || 'unknown';
    // The CTE's insert is not visible to the count beside it: n is the failures before this lookup.
    const id = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`guess:${addr}`]);
      const { rows } = await q.query<{ id: string; n: number; retry_s: number }>(
        `WITH ins AS (INSERT INTO guess_failures (addr) VALUES ($1) RETURNING id)
         SELECT (SELECT id FROM ins)::text AS id, count(*)::int AS n,
                COALESCE(ceil(extract(epoch FROM min(failed_at) + make_interval(secs => $2) - now())), 0)::int AS retry_s
           FROM guess_failures WHERE addr = $1 AND failed_at > now() - make_interval(secs => $2)`,
        [addr, windowS],
      );
      const r = rows[0]!;
      // thrown inside the transaction, so its insert is rolled back: a refused lookup is not counted
      if (r.n >= max) throw new ApiHttpError(429, 'RATE_LIMITED', 'too many wrong codes; try again later', { retryAfterS: Math.max(1, r.retry_s) });
      return r.id;
    });
    const forget = () => db.query('DELETE FROM guess_failures WHERE id = $1', [id]);
    let out: T;
    try {
      out = await lookup();
    } catch (e) {
      if (!(e instanceof ApiHttpError && e.status === 404)) await forget().catch(() => undefined); // the lookup's own error is the answer
      throw e;
    }
    await forget();
    return out;
  };
}

/** The one budget of wrong guesses, shared by every lookup route and every api process. */
export const guarded = guessLimiter();
