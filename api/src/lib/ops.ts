import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { ApiHttpError, route } from './route.ts';

/**
 * Process endpoints for load balancers and supervisors:
 * - GET /api/health — liveness: the process serves requests (no database call, so a database
 *   outage never gets a healthy process restarted);
 * - GET /api/ready — readiness: the database answers `SELECT 1` (503 DB_UNAVAILABLE when it does not,
 *   503 SHUTTING_DOWN once a graceful shutdown began, so the balancer stops sending new requests).
 */
export async function opsPlugin(app: FastifyInstance, opts: { db: Db }) {
  let closing = false;
  app.addHook('preClose', async () => { closing = true; });
  route(app, {
    method: 'GET', url: '/health', summary: 'Liveness: the process is up (no database call)', tags: ['meta'],
    response: z.object({ ok: z.boolean(), engine: z.string(), pid: z.number(), uptimeS: z.number() }),
    async handler() {
      return { ok: true, engine: opts.db.engine, pid: process.pid, uptimeS: Math.round(process.uptime()) };
    },
  });
  route(app, {
    method: 'GET', url: '/ready', summary: 'Readiness: the database is reachable and the process is not shutting down', tags: ['meta'],
    response: z.object({ ok: z.boolean(), engine: z.string(), dbMs: z.number() }),
    errors: { 503: 'DB_UNAVAILABLE or SHUTTING_DOWN' },
    async handler() {
      if (closing) throw new ApiHttpError(503, 'SHUTTING_DOWN', 'this process is shutting down');
      const started = performance.now();
      await opts.db.query('SELECT 1'); // a connection error becomes 503 DB_UNAVAILABLE in the error handler
      return { ok: true, engine: opts.db.engine, dbMs: Math.round((performance.now() - started) * 10) / 10 };
    },
  });
}
