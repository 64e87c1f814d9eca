/**
 * Is this error "the database is not reachable right now" (as opposed to a bad query)?
 * PostgreSQL restarting, a dropped connection, a connect timeout. The api answers these with
 * 503 `{ error: 'DB_UNAVAILABLE' }` and a Retry-After, and recovers on its own when the server is back.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
const MESSAGES = /Connection terminated|connection (is )?(closed|terminated|lost)|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Cannot use a pool after calling end/i;

export function isDbUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDbUnavailable(x, depth + 1))) return true; // AggregateError (IPv4 + IPv6 connect)
  return isDbUnavailable(e.cause, depth + 1);
}
