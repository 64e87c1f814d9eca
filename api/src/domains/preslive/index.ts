import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { staffGuard, staffOf } from '../staff/auth.ts';
import { devSalesPlugin } from './dev.ts';
import type { PresliveContext } from './context.ts';
import { salesRoutes } from './routes/sales.ts';
import { v2Routes } from './routes/v2.ts';
import { attendanceRoutes } from './routes/attendance.ts';
import { reportRoutes } from './routes/reports.ts';
import { liveRoutes } from './routes/live.ts';
import { refundRoutes } from './routes/refunds.ts';

export { SALES_CHANNEL } from './routes/live.ts';
export { WINDOW_AHEAD, WINDOW_BACK } from './context.ts';

/**
 * PresLive (spec section 7 'Staff dashboard') and the report screens, scoped by the session's businessIds.
 * Routes by screen in routes/, their SQL in queries.ts.
 */
export async function preslivePlugin(app: FastifyInstance, opts: { db: Db; heartbeatMs?: number }): Promise<void> {
  const { db } = opts;

  // Development/test-only helpers (POST /dev/simulate-sale) live outside the staff guard.
  if (app.demo) await app.register(devSalesPlugin, { db }); // demo mode only (lib/demo.ts)

  await app.register(async (scope) => {
    scope.addHook('onRequest', staffGuard(db));
    const ctx: PresliveContext = { db, biz: (req) => staffOf(req).businessIds, heartbeatMs: opts.heartbeatMs };
    salesRoutes(scope, ctx);
    v2Routes(scope, ctx);
    attendanceRoutes(scope, ctx);
    reportRoutes(scope, ctx);
    refundRoutes(scope, ctx);
    await liveRoutes(scope, ctx);
  });
}
