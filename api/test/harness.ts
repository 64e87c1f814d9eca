/**
 * Test harness: every suite runs on PGlite (in memory) and, when TEST_PG_URL is set, also on a fresh
 * PostgreSQL database created on that server (by test/global-setup.ts) and dropped after the run.
 * TEST_ENGINE=pglite|postgres restricts the run to one engine (the root runner uses one pass per engine).
 * The database and app of an engine are built once per test run and shared by the suites (vitest runs
 * the files in one worker without isolation), so suites use presentations of their own.
 */
import { beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPglite, openPostgres, type Db } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed } from '../src/seed/index.ts';
import { buildApp } from '../src/app.ts';

export type Engine = 'pglite' | 'postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTestUrl: string | null;
  }
}

export function enginesUnderTest(): Engine[] {
  const only = process.env.TEST_ENGINE as Engine | undefined;
  const pg = inject('pgTestUrl');
  if (only === 'postgres') return pg ? ['postgres'] : [];
  if (only === 'pglite') return ['pglite'];
  return pg ? ['pglite', 'postgres'] : ['pglite'];
}

export interface Ctx {
  engine: Engine;
  db: Db;
  app: FastifyInstance;
  /** Opens another connection set to the same database (a second api process). */
  openAnother(): Promise<Db | null>;
}

const g = globalThis as unknown as { __apiCtx?: Map<Engine, Promise<Ctx>> };
g.__apiCtx ??= new Map();

async function create(engine: Engine): Promise<Ctx> {
  const url = inject('pgTestUrl');
  const db = engine === 'pglite' ? await openPglite('memory://') : await openPostgres(url!, { max: 20 });
  await migrate(db);
  await seed(db);
  const app = await buildApp({ db, sweepIntervalMs: 200, heartbeatMs: 15000, demo: true });
  await app.ready();
  return {
    engine, db, app,
    async openAnother() {
      return engine === 'postgres' ? openPostgres(url!, { max: 5 }) : null;
    },
  };
}

export function ctxFor(engine: Engine): Promise<Ctx> {
  let c = g.__apiCtx!.get(engine);
  if (!c) g.__apiCtx!.set(engine, (c = create(engine)));
  return c;
}

/** describe() once per engine; `get()` returns the engine's context inside tests. */
export function forEachEngine(name: string, fn: (get: () => Ctx) => void): void {
  for (const engine of enginesUnderTest()) {
    describe(`${name} [${engine}]`, () => {
      let ctx: Ctx;
      beforeAll(async () => {
        ctx = await ctxFor(engine);
      });
      fn(() => ctx);
    });
  }
}

let uuidSeq = 0;
export const newUuid = (tag = 'v') => `${tag}-${process.pid}-${Date.now().toString(36)}-${(uuidSeq++).toString(36)}`;

/** The n-th future presentation (ordered by time) of a venue, with its ids. */
export async function futurePresentation(db: Db, venueId: number, n = 0): Promise<{ id: number; venueId: number; seatplanId: number }> {
  const { rows } = await db.query<{ id: number; venue_id: number; seatplan_id: number }>(`
    SELECT id, venue_id, seatplan_id FROM presentations WHERE venue_id = $1 AND starts_at > now() + interval '1 hour'
    ORDER BY starts_at, id OFFSET $2 LIMIT 1`, [venueId, n]);
  const r = rows[0];
  if (!r) throw new Error(`no future presentation #${n} in venue ${venueId}`);
  return { id: r.id, venueId: r.venue_id, seatplanId: r.seatplan_id };
}

export function lockBody(p: { id: number; venueId: number; seatplanId: number }, sectionId: number, x: number | null, y: number | null) {
  return {
    recaptchaToken: 'test',
    seat: { PresentationId: p.id, VenueId: p.venueId, VenueSeatplanId: p.seatplanId, VenueSectionId: sectionId, TicketGroupId: null, XCoordinate: x, YCoordinate: y },
  };
}
