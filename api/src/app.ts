import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from './db/index.ts';
import { buildOpenApi, installErrorHandling, route } from './lib/route.ts';
import { opsPlugin } from './lib/ops.ts';
import { demoModeFromEnv, guardDevRoutes } from './lib/demo.ts';
import { housekeepingPlugin } from './lib/housekeeping.ts';
import { installLocalizedNames } from './lib/localizedNames.ts';
import { installCompression } from './lib/compress.ts';
import { apiLoggerOptions } from './lib/logging.ts';
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
  /** Seats one client address may hold per presentation (default MAX_HELD_PER_ADDRESS or 4 × maxSeats). */
  maxPerAddress?: number;
  /** Expired-hold sweeper period in ms (default 1000; 0 disables). */
  sweepIntervalMs?: number;
  /** SSE heartbeat period in ms (default 15000). */
  heartbeatMs?: number;
  /** Demo mode: development routes (loopback clients only). Default DEMO_MODE=1 (lib/demo.ts). */
  demo?: boolean;
  /**
   * Proxies whose X-Forwarded-For names the client (Fastify trustProxy: addresses/CIDRs, comma separated).
   * Default TRUST_PROXY (start:prod sets 127.0.0.1 for its nginx); unset = the socket's address only.
   */
  trustProxy?: string;
  /** Hold-order release and purge period in ms (default HOUSEKEEPING_INTERVAL_MS or 60000; 0 disables). */
  housekeepingIntervalMs?: number;
  /** Check every answer against its response schema (lib/route.ts). Default: outside production only. */
  checkResponses?: boolean;
  /** gzip JSON answers itself (lib/compress.ts): `npm start`, which has no nginx in front. Default off. */
  compress?: boolean;
}

/** The api as a Fastify instance: every domain plugin under /api, JSON errors, OpenAPI at /api/openapi.json. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // e-ticket keys and other bearer paths are masked in every logged url (lib/logging.ts)
    logger: opts.logger ? apiLoggerOptions : false,
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy ?? process.env.TRUST_PROXY ?? false,
    // /api/features and /api/features/ are the same call
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('apiRoutes', []);
  app.decorate('checkResponses', opts.checkResponses ?? process.env.NODE_ENV !== 'production');
  installErrorHandling(app);
  guardDevRoutes(app, opts.demo ?? demoModeFromEnv());
  if (opts.compress) installCompression(app);

  const api = async (scope: FastifyInstance) => {
    installLocalizedNames(scope, opts.db); // film, cinema, venue and product names in ru, ar, pl
    await scope.register(catalogPlugin, { db: opts.db });
    await scope.register(seatsPlugin, {
      db: opts.db,
      maxSeats: opts.maxSeats ?? Number(process.env.MAX_SEATS || 10),
      sweepIntervalMs: opts.sweepIntervalMs ?? 1000,
      heartbeatMs: opts.heartbeatMs ?? 15000,
      maxPerAddress: opts.maxPerAddress,
    });
    await scope.register(listsPlugin, { db: opts.db });
    await scope.register(staffPlugin, { db: opts.db });
    await scope.register(preslivePlugin, { db: opts.db, heartbeatMs: opts.heartbeatMs });
    await scope.register(ticketrefPlugin, { db: opts.db });
    await scope.register((await import('./domains/orders/index.ts')).ordersPlugin, { db: opts.db });
    await scope.register((await import('./domains/payments/index.ts')).paymentsPlugin, { db: opts.db });
    await scope.register((await import('./domains/vouchers/index.ts')).vouchersPlugin, { db: opts.db });
    await scope.register((await import('./domains/donations/index.ts')).donationsPlugin, { db: opts.db });
    await scope.register((await import('./domains/customers/index.ts')).customersPlugin, { db: opts.db });
    await scope.register((await import('./domains/customerarea/index.ts')).customerAreaPlugin, { db: opts.db });
    await scope.register((await import('./domains/edocuments/index.ts')).edocumentsPlugin, { db: opts.db });
    await scope.register((await import('./domains/minisites/index.ts')).minisitesPlugin, { db: opts.db });
    await scope.register((await import('./domains/vod/index.ts')).vodPlugin, { db: opts.db });
    await scope.register((await import('./domains/products/index.ts')).productsPlugin, { db: opts.db });
    await scope.register((await import('./domains/posters/index.ts')).postersPlugin, { db: opts.db });
    await scope.register((await import('./domains/memberships/index.ts')).membershipsPlugin, { db: opts.db });
    await scope.register((await import('./domains/enrolment/index.ts')).enrolmentPlugin, { db: opts.db });
    route(scope, {
      method: 'GET', url: '/openapi.json', summary: 'This document', tags: ['meta'], response: z.record(z.string(), z.unknown()),
      async handler() {
        return buildOpenApi(app.apiRoutes, { title: 'Ticketing api', version: '1.0.0' });
      },
    });
    await scope.register(opsPlugin, { db: opts.db }); // GET /api/health (liveness), GET /api/ready (readiness)
    await scope.register(housekeepingPlugin, { db: opts.db, intervalMs: opts.housekeepingIntervalMs ?? Number(process.env.HOUSEKEEPING_INTERVAL_MS ?? 60_000) });
  };
  await app.register(api, { prefix: '/api' });
  return app;
}
