import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { releaseDueHoldOrders } from '../domains/orders/holdRelease.ts';
import { retryDueCardRefunds } from '../domains/customerarea/cardRefunds.ts';

/**
 * Tables filled by anonymous calls (sign-in attempts, the SMS outbox, payment sessions, hold records,
 * expired sessions and codes) are emptied of what no rule reads any more, so no one can grow them
 * without bound. Returns the rows deleted per table.
 */
export async function purgeAnonymous(db: Db, now: Date = new Date()): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const del = async (table: string, where: string) => {
    const { rows } = await db.query<{ n: number }>(`WITH d AS (DELETE FROM ${table} WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM d`, [now]);
    out[table] = rows[0]!.n;
  };
  await del('staff_login_attempts', `attempted_at < $1::timestamptz - interval '1 day'`);
  await del('guess_failures', `failed_at < $1::timestamptz - interval '1 day'`); // the budget looks back 10 minutes by default
  await del('sms_outbox', `created_at < $1::timestamptz - interval '7 days'`);
  await del('email_outbox', `created_at < $1::timestamptz - interval '7 days'`);
  await del('voucher_email_sends', `created_at < $1::timestamptz - interval '1 day'`); // the limits look back at most an hour
  await del('payment_sessions', `reservation_id IS NULL AND expires_at < $1::timestamptz - interval '1 day'`);
  await del('staff_sessions', 'expires_at < $1::timestamptz');
  await del('customer_sessions', 'expires_at < $1::timestamptz');
  await del('customer_login_codes', `expires_at < $1::timestamptz - interval '1 day'`);
  for (const table of ['hold_visits', 'hold_extensions']) {
    await del(table, `presentation_id IN (SELECT id FROM presentations WHERE starts_at < $1::timestamptz - interval '1 day')`);
  }
  return out;
}

/**
 * Periodic jobs of every api process (each safe to run in several at once): unpaid hold orders released
 * 30 minutes before their event (spec section 9), card refunds the provider has not taken yet sent again (each row
 * taken FOR UPDATE SKIP LOCKED: one process per refund), and the purge above (every tenth run).
 */
export async function housekeepingPlugin(app: FastifyInstance, opts: { db: Db; intervalMs: number }): Promise<void> {
  if (opts.intervalMs <= 0) return;
  let runs = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    (async () => {
      const released = await releaseDueHoldOrders(opts.db);
      if (released.length) app.log.info({ released }, 'hold orders released before their event');
      const refunds = await retryDueCardRefunds(opts.db);
      if (refunds.tried) app.log.info(refunds, 'card refunds sent again');
      if (runs++ % 10 === 0) await purgeAnonymous(opts.db);
    })().catch((err: unknown) => app.log.warn({ err }, 'housekeeping failed')).finally(() => { busy = false; });
  }, opts.intervalMs);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
