import type { Queryable } from '../db/index.ts';
import { ApiHttpError } from './route.ts';
import { demoModeFromEnv } from './demo.ts';

/**
 * The site's public address for links sent out (SMS, calendar files): PUBLIC_BASE_URL, never the request's
 * Host header (anyone can send any Host: a cinema SMS would point to their domain). Without it, only the
 * demo (`npm start`, DEMO_MODE=1) falls back to its local address; anything else refuses links (503), so a
 * server that forgot the setting never texts "localhost" to a customer.
 */
export function publicBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '');
  if (configured) return configured;
  if (demoModeFromEnv(env)) return `http://localhost:${env.PORT || 8080}`;
  throw new ApiHttpError(503, 'PUBLIC_BASE_URL_MISSING', 'PUBLIC_BASE_URL is not configured');
}

/** SMS sent on request per key (a reservation) per hour. */
export const SMS_SENDS_PER_HOUR = 5;

/** Counts one SMS for `key` (serialised per key), or throws 429 SMS_LIMIT when the hour's quota is used. */
export async function countSmsSend(db: { tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> }, key: string): Promise<void> {
  const allowed = await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${key}`]);
    const { rows: [c] } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_sends WHERE key = $1 AND sent_at > now() - interval '1 hour'`, [key]);
    if (c!.n >= SMS_SENDS_PER_HOUR) return false;
    await q.query('INSERT INTO sms_sends (key) VALUES ($1)', [key]);
    return true;
  });
  if (!allowed) throw new ApiHttpError(429, 'SMS_LIMIT', 'too many messages for this order; try again later');
}
