import type { FastifyRequest } from 'fastify';
import { ApiHttpError } from './route.ts';

/**
 * Codes, coupons, vouchers, member numbers and partner references can be guessed: every lookup that
 * answers "not found" (a 404) counts against the client address (req.ip), and after GUESS_MAX_FAILURES
 * (default 30) within GUESS_WINDOW_MS (default 10 minutes) that address's lookups get 429 RATE_LIMITED
 * until the window ends. Right answers cost nothing, so a visitor typing a code is never slowed.
 * Counted per api process (memory): with N processes behind nginx the bound is N ×.
 */
export function guessLimiter(max = Number(process.env.GUESS_MAX_FAILURES) || 30, windowMs = Number(process.env.GUESS_WINDOW_MS) || 600_000) {
  const failures = new Map<string, { n: number; until: number }>();
  return async function guarded<T>(req: FastifyRequest, lookup: () => Promise<T>): Promise<T> {
    const addr = req.ip || 'unknown';
    const now = Date.now();
    let f = failures.get(addr);
    if (f && f.until <= now) { failures.delete(addr); f = undefined; }
    if (f && f.n >= max) throw new ApiHttpError(429, 'RATE_LIMITED', 'too many wrong codes; try again later', { retryAfterS: Math.ceil((f.until - now) / 1000) });
    try {
      return await lookup();
    } catch (e) {
      if (e instanceof ApiHttpError && e.status === 404) {
        if (!f) failures.set(addr, (f = { n: 0, until: now + windowMs }));
        f.n++;
        if (failures.size > 100_000) for (const [k, v] of failures) if (v.until <= now) failures.delete(k); // bounded memory
      }
      throw e;
    }
  };
}

/** The process's one budget of wrong guesses, shared by every lookup route. */
export const guarded = guessLimiter();
