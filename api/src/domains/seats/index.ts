import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { seatsContext } from './context.ts';
import { sweepExpired } from './holds.ts';
import { holdRoutes } from './routes/holds.ts';
import { liveRoutes } from './routes/live.ts';
import { planRoutes } from './routes/plans.ts';
import { statusRoutes } from './routes/status.ts';
import { defaultMaxPerAddress } from './squat.ts';

export interface SeatsOptions {
  db: Db;
  /** Max seats per visit and presentation (decisions.md: default 10). */
  maxSeats: number;
  /** Expired-hold sweeper period; 0 disables it. */
  sweepIntervalMs: number;
  /** SSE heartbeat period. */
  heartbeatMs: number;
  /** Seats all visits of one client address may hold on one presentation (default MAX_HELD_PER_ADDRESS or 4 × maxSeats). */
  maxPerAddress?: number;
}

/**
 * Seats: seat plans, seat status, holds, best available, live availability (spec section 7, Booking).
 * Routes by concern in routes/, the hold path in holds.ts, presentation facts through the catalog (queries.ts).
 */
export async function seatsPlugin(app: FastifyInstance, opts: SeatsOptions): Promise<void> {
  const { db } = opts;
  const ctx = seatsContext(db, { maxSeats: opts.maxSeats, maxPerAddress: opts.maxPerAddress ?? defaultMaxPerAddress(opts.maxSeats) }, opts.heartbeatMs);

  let sweeper: NodeJS.Timeout | null = null;
  let sweeping = false;
  if (opts.sweepIntervalMs > 0) {
    sweeper = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      sweepExpired(db).catch((err: unknown) => app.log.warn({ err }, 'hold sweeper failed')).finally(() => { sweeping = false; });
    }, opts.sweepIntervalMs);
    sweeper.unref();
  }
  app.addHook('preClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  await liveRoutes(app, ctx);
  planRoutes(app, ctx);
  statusRoutes(app, ctx);
  holdRoutes(app, ctx);
}
