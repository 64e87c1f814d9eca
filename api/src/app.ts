import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from './db/index.ts';
import { buildOpenApi, installErrorHandling, route } from './lib/route.ts';
import { opsPlugin } from './lib/ops.ts';
import { catalogPlugin } from './domains/catalog/index.ts';
import { listsPlugin } from './domains/lists/index.ts';
import { seatsPlugin } from './domains/seats/index.ts';
import { staffPlugin } from './domains/staff/index.ts';
import { preslivePlugin } from './domains/preslive/index.ts';
import { ticketrefPlugin } from './domains/ticketref/index.ts';
import { z } from 'zod';

export interface BuildAppOptions {
  db: Db;
  logger?: boolean;
  /** Max seats per visit and presentation (default env MAX_SEATS or 10). */
  maxSeats?: number;
  /** Expired-hold sweeper period in ms (default 1000; 0 disables). */
  sweepIntervalMs?: number;
  /** SSE heartbeat period in ms (default 15000). */
  heartbeatMs?: number;
}

/** The api as a Fastify instance: every domain plugin under /api, JSON errors, OpenAPI at /api/openapi.json. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    // /api/features and /api/features/ are the same call
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('apiRoutes', []);
  installErrorHandling(app);

  const api = async (scope: FastifyInstance) => {
    await scope.register(catalogPlugin, { db: opts.db });
    await scope.register(seatsPlugin, {
      db: opts.db,
      maxSeats: opts.maxSeats ?? Number(process.env.MAX_SEATS || 10),
      sweepIntervalMs: opts.sweepIntervalMs ?? 1000,
      heartbeatMs: opts.heartbeatMs ?? 15000,
    });
    await scope.register(listsPlugin, { db: opts.db });
    await scope.register(staffPlugin, { db: opts.db });
    await scope.register(preslivePlugin, { db: opts.db, heartbeatMs: opts.heartbeatMs });
    await scope.register(ticketrefPlugin, { db: opts.db });
    await scope.register((await import('./domains/orders/index.ts')).ordersPlugin, { db: opts.db });
    await scope.register((await import('./domains/payments/index.ts')).paymentsPlugin, { db: opts.db });
    await scope.register((await import('./domains/customers/index.ts')).customersPlugin, { db: opts.db });
    await scope.register((await import('./domains/edocuments/index.ts')).edocumentsPlugin, { db: opts.db });
    await scope.register((await import('./domains/minisites/index.ts')).minisitesPlugin, { db: opts.db });
    await scope.register((await import('./domains/vod/index.ts')).vodPlugin, { db: opts.db });
    await scope.register((await import('./domains/products/index.ts')).productsPlugin, { db: opts.db });
    route(scope, {
      method: 'GET', url: '/openapi.json', summary: 'This document', tags: ['meta'], response: z.record(z.string(), z.unknown()),
      async handler() {
        return buildOpenApi(app.apiRoutes, { title: 'Ticketing api', version: '1.0.0' });
      },
    });
    await scope.register(opsPlugin, { db: opts.db }); // GET /api/health (liveness), GET /api/ready (readiness)
  };
  await app.register(api, { prefix: '/api' });
  return app;
}
