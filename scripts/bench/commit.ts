/**
 * Commit latency (issue 4, "npm run bench adds the commit latency (p50/p99)"): POST /api/payment/commit of a
 * two-seat paid order (seats held by the visit, an approved sandbox payment), measured in process through
 * Fastify's inject (the api and the database, no HTTP socket), on
 *   1. PGlite (in memory, fresh),
 *   2. PostgreSQL when TEST_PG_URL or DATABASE_URL is set (fresh database bench_commit_<pid>, dropped afterwards).
 * Two runs each: sequential commits, and CONCURRENCY commits at a time (plus the duplicate-retry cost:
 * a second commit with the same Idempotency-Key). Only the commit call is timed (holds and payment are set up first).
 *
 * `npx tsx scripts/bench/commit.ts` prints the JSON; `npm run bench` calls benchCommit().
 * Knobs: COMMIT_BENCH_N (200), COMMIT_BENCH_CONCURRENCY (10).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openPglite, openPostgres, type Db } from '../../api/src/db/index.ts';
import { migrate } from '../../api/src/db/migrate.ts';
import { seed } from '../../api/src/seed/index.ts';
import { buildApp } from '../../api/src/app.ts';
import { percentile, round } from './lib.ts';

const N = Number(process.env.COMMIT_BENCH_N || 200);
const CONCURRENCY = Number(process.env.COMMIT_BENCH_CONCURRENCY || 10);
const VENUE = 14; // the 20,000-seat arena: room for every order of the run
const VALID_SSN = '000000018';

interface Prepared { uuid: string; key: string; cart: Record<string, unknown> }

/** Pairs of free side-by-side seats of the arena's first (non-premium) block, taken from the start of each free run, leaving at least two free at its end (no single-seat gaps). */
async function seatPairs(db: Db, need: number): Promise<{ p: { id: number; seatplanId: number }; sectionId: number; ticketId: number; pairs: Array<[number, number]> }> {
  const { rows: [p] } = await db.query<{ id: number; seatplan_id: number }>(`
    SELECT p.id, p.seatplan_id FROM presentations p WHERE p.venue_id = $1 AND p.starts_at > now() + interval '1 hour'
    ORDER BY (SELECT count(*) FROM presentation_seats ps WHERE ps.presentation_id = p.id), p.starts_at LIMIT 1`, [VENUE]);
  if (!p) throw new Error('no coming arena presentation');
  const sectionId = p.seatplan_id * 10 + 1;
  const { rows: [tg] } = await db.query<{ ticket_group_id: number }>('SELECT ticket_group_id FROM sections WHERE id = $1', [sectionId]);
  const { rows: [t] } = await db.query<{ id: number }>(`SELECT id FROM tickets WHERE ticket_group_id = $1 AND code = 'regular'`, [tg!.ticket_group_id]);
  const { rows: free } = await db.query<{ x: number; y: number }>(`
    SELECT s.x, s.y FROM seats s WHERE s.section_id = $1 AND NOT s.is_premium AND NOT s.is_handicap AND NOT s.is_companion AND NOT s.is_limited_view
      AND s.sofa_unit IS NULL
      AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $2 AND ps.section_id = s.section_id AND ps.x = s.x AND ps.y = s.y)
    ORDER BY s.y, s.x`, [sectionId, p.id]);
  const pairs: Array<[number, number]> = [];
  let i = 0;
  while (i < free.length && pairs.length < need) {
    let j = i;
    while (j + 1 < free.length && free[j + 1]!.y === free[i]!.y && free[j + 1]!.x === free[j]!.x + 1) j++;
    let len = j - i + 1;
    let k = i;
    while (len >= 4 && pairs.length < need) { // always leave 2+ free seats: no lock ever leaves a single seat
      pairs.push([free[k]!.x, free[k]!.y]);
      k += 2; len -= 2;
    }
    i = j + 1;
  }
  if (pairs.length < need) throw new Error(`only ${pairs.length} seat pairs free`);
  return { p: { id: p.id, seatplanId: p.seatplan_id }, sectionId, ticketId: t!.id, pairs };
}

async function prepare(app: FastifyInstance, db: Db, n: number, tag: string): Promise<Prepared[]> {
  const { p, sectionId, ticketId, pairs } = await seatPairs(db, n);
  const out: Prepared[] = [];
  let amountDue: number | null = null;
  for (let i = 0; i < n; i++) {
    const [x, y] = pairs[i]!;
    const uuid = `bench-${tag}-${process.pid}-${i}`;
    for (const xx of [x, x + 1]) {
      const r = await app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid }, payload: {
        seat: { PresentationId: p.id, VenueId: VENUE, VenueSeatplanId: p.seatplanId, VenueSectionId: sectionId, TicketGroupId: null, XCoordinate: xx, YCoordinate: y },
      } });
      if (r.statusCode !== 200) throw new Error(`lock failed: ${r.body}`);
    }
    const cart: Record<string, unknown> = {
      seats: [x, x + 1].map((xx) => ({ XCoordinate: xx, YCoordinate: y, ticket: { prsntId: p.id, sectionId, ticketId } })),
      customerInfo: {
        firstName: 'Bench', lastName: 'Runner', ssn: VALID_SSN, email: 'bench@example.com', emailVerify: 'bench@example.com',
        mobileNumber: '0501234567', mobileNumberVerify: '0501234567', termsConfirmed: true,
      },
    };
    if (amountDue === null) {
      const priced = await app.inject({ method: 'POST', url: '/api/cart', payload: { cart } });
      amountDue = (priced.json() as { order: { amountDue: number } }).order.amountDue;
    }
    const f = await app.inject({ url: `/api/payment/form/en?total=${amountDue}`, headers: { uuid } });
    const { paymentFormURL, sessionId } = f.json() as { paymentFormURL: string; sessionId: string };
    await app.inject({ method: 'POST', url: paymentFormURL, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4580000000000000', expiry: '12/39', cvv: '123', holderId: VALID_SSN, action: 'pay' }).toString() });
    out.push({ uuid, key: `bench-key-${tag}-${process.pid}-${i}`, cart: { ...cart, paymentIdentifier: sessionId } });
  }
  return out;
}

async function timedCommit(app: FastifyInstance, o: Prepared): Promise<{ ms: number; ok: boolean }> {
  const t = performance.now();
  const r = await app.inject({ method: 'POST', url: '/api/payment/commit', headers: { uuid: o.uuid, 'idempotency-key': o.key }, payload: { cart: o.cart } });
  return { ms: performance.now() - t, ok: r.statusCode === 200 };
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: round(percentile(s, 50)), p99: round(percentile(s, 99)), max: round(s[s.length - 1] ?? 0) };
}

async function runEngine(db: Db, engine: string): Promise<Record<string, unknown>> {
  const t0 = performance.now();
  await migrate(db);
  await seed(db);
  const setupMs = Math.round(performance.now() - t0);
  const app = await buildApp({ db, sweepIntervalMs: 0 });
  await app.ready();
  try {
    // sequential
    const seq = await prepare(app, db, N, `${engine}-seq`);
    const seqMs: number[] = [];
    let failed = 0;
    for (const o of seq) {
      const r = await timedCommit(app, o);
      seqMs.push(r.ms);
      if (!r.ok) failed++;
    }
    const replayMs: number[] = [];
    for (const o of seq.slice(0, Math.min(50, seq.length))) replayMs.push((await timedCommit(app, o)).ms);
    // concurrent
    const con = await prepare(app, db, N, `${engine}-con`);
    const conMs: number[] = [];
    const start = performance.now();
    for (let i = 0; i < con.length; i += CONCURRENCY) {
      const batch = await Promise.all(con.slice(i, i + CONCURRENCY).map((o) => timedCommit(app, o)));
      for (const r of batch) { conMs.push(r.ms); if (!r.ok) failed++; }
    }
    const wall = performance.now() - start;
    return {
      engine, setupMs, failed,
      sequential: stats(seqMs),
      concurrent: { concurrency: CONCURRENCY, ...stats(conMs), commitsPerSecond: round((con.length / wall) * 1000) },
      duplicateReplay: stats(replayMs),
    };
  } finally {
    await app.close();
  }
}

export async function benchCommit(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { orderSeats: 2, note: 'in-process (Fastify inject), commit call only' };
  const lite = await openPglite('memory://');
  try {
    out.pglite = await runEngine(lite, 'pglite');
  } finally {
    await lite.close();
  }
  const admin = process.env.TEST_PG_URL || process.env.DATABASE_URL;
  if (admin) {
    const name = `bench_commit_${process.pid}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = '/' + name;
    const db = await openPostgres(u.toString(), { max: 20 });
    try {
      out.postgres = await runEngine(db, 'postgres');
    } finally {
      await db.close();
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    }
  } else {
    out.postgres = 'skipped (set TEST_PG_URL or DATABASE_URL)';
  }
  return out;
}

const isMain = process.argv[1] !== undefined && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  console.log(JSON.stringify(await benchCommit(), null, 2));
  process.exit(0);
}
void fileURLToPath;
