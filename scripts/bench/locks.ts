/**
 * Lock throughput and latency (issue 3, "npm run bench adds … lock throughput"): 50 concurrent clients at
 * 50 % contention holding seats of the 20,000-seat arena, against
 *   1. the api over HTTP on PGlite (fresh temp data folder),
 *   2. the api over HTTP on PostgreSQL (fresh database bench_locks_<pid>, dropped afterwards),
 *   3. the api's own take statement (holds.ts UPSERT_HOLD, seat_take of migration 270) issued directly over `pg`
 *      with a Pool of 50: the ceiling, with asynchronous commits as the api's hold path uses, and durable.
 * The api runs in this process (one api process); the clients run in a separate process (locksLoad.ts), for
 * the api runs and the raw runs alike, so both are measured the same way.
 * Targets (issue 12 item 5): PostgreSQL ≥ 0.5 × the raw ceiling and p99 ≤ 25 ms at 1,000 attempts/s offered;
 * PGlite ≥ 0.3 × its raw ceiling.
 *
 * `npx tsx scripts/bench/locks.ts` prints the JSON; `npm run bench` calls benchLocks().
 * Knobs: LOCKS_BENCH_ATTEMPTS (5000), LOCKS_BENCH_CLIENTS (50), LOCKS_BENCH_RATE (1000 attempts/s offered in the
 * paced run), LOCKS_BENCH_SKIP_LITE (1 skips PGlite), TEST_PG_URL (admin url of the server).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createApi } from '../../api/src/main.ts';
import type { Db, Queryable } from '../../api/src/db/index.ts';
import { SEAT_CHANNEL, UPSERT_HOLD } from '../../api/src/domains/seats/holds.ts';
import { holdBatcher } from '../../api/src/domains/seats/holdBatch.ts';
import { round } from './lib.ts';
import { rawAttempt, runLoad, startLoadGenerator, type LoadGenerator, type LoadTarget, type RunResult, type Target, type Task } from './locksLoad.ts';

const CLIENTS = Number(process.env.LOCKS_BENCH_CLIENTS || 50);
const ATTEMPTS = Number(process.env.LOCKS_BENCH_ATTEMPTS || 5000);
const WARMUP_ATTEMPTS = Math.min(1000, ATTEMPTS);
/** Each measured run stops at ATTEMPTS or after this long (the warm-up after a third of it), whichever comes first. */
const MAX_RUN_MS = Number(process.env.LOCKS_BENCH_MAX_RUN_MS || 10_000);
/** The api is built with this cap (decisions.md default); clients rotate their uuid after this many holds. */
const MAX_SEATS = 10;
const RAW_POOL = 50;
const P99_TARGET_MS = 25;
const RATIO_TARGET = 0.5;
const PGLITE_RATIO_TARGET = 0.3;
/** Offered rate of the paced (open-loop) PostgreSQL run. */
const RATE = Number(process.env.LOCKS_BENCH_RATE || 1000);

// ---------------------------------------------------------------------------------------------
// Seats to target


/**
 * Free seats of the largest reserved seat plan's coming presentations that can be held in any order
 * without the single-seat gap rule (seating policy 3) refusing them: targets are at least 3 apart in
 * a row, and each neighbour of a target is taken or special, or has a free non-target seat beyond it.
 * So every refusal measured is a real conflict, yet the api still runs its gap check on each hold.
 */
export async function arenaTargets(q: Queryable, needed: number): Promise<{ targets: Target[]; presentations: Array<{ id: number; free: number; usable: number }>; seatplanId: number; seats: number }> {
  const { rows: plans } = await q.query<{ id: number; venue_id: number; n: number }>(`
    SELECT sp.id, sp.venue_id, count(*)::int AS n FROM seatplans sp JOIN sections se ON se.seatplan_id = sp.id AND NOT se.is_ga
    JOIN seats s ON s.section_id = se.id GROUP BY sp.id ORDER BY n DESC, sp.id LIMIT 1`);
  const plan = plans[0];
  if (!plan) throw new Error('no reserved seat plan in the database');
  const { rows: seats } = await q.query<{ section_id: number; x: number; y: number; tg: number; special: boolean; sofa: boolean }>(`
    SELECT s.section_id, s.x, s.y, s.ticket_group_id AS tg, (s.is_handicap OR s.is_companion) AS special, s.sofa_unit IS NOT NULL AS sofa
    FROM seats s JOIN sections se ON se.id = s.section_id WHERE se.seatplan_id = $1 AND NOT se.is_ga ORDER BY s.section_id, s.y, s.x`, [plan.id]);
  const { rows: pres } = await q.query<{ id: number; venue_id: number; seatplan_id: number }>(`
    SELECT p.id, p.venue_id, p.seatplan_id FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
    WHERE p.seatplan_id = $1 AND p.starts_at > now() + interval '1 hour' AND NOT l.web_booking_offline ORDER BY p.starts_at, p.id`, [plan.id]);
  const rows = new Map<string, typeof seats>();
  for (const s of seats) {
    const k = `${s.section_id}_${s.y}`;
    let r = rows.get(k);
    if (!r) rows.set(k, (r = []));
    r.push(s);
  }
  const perPresentation: Array<{ id: number; free: number; usable: number; targets: Target[] }> = [];
  for (const p of pres) {
    const { rows: taken } = await q.query<{ section_id: number; x: number; y: number }>(`
      SELECT section_id, x, y FROM presentation_seats WHERE presentation_id = $1 AND (status = 'sold' OR expires_at > now())`, [p.id]);
    const takenSet = new Set(taken.map((t) => `${t.section_id}_${t.x}_${t.y}`));
    const targets: Target[] = [];
    for (const row of rows.values()) {
      const byX = new Map(row.map((s) => [s.x, s]));
      const free = (x: number) => { const s = byX.get(x); return !!s && !takenSet.has(`${s.section_id}_${x}_${s.y}`); };
      // a neighbour is safe when it cannot become a new single-seat gap: absent, taken, special, or with a free seat beyond it
      const sideOk = (x: number, d: number) => {
        const n = byX.get(x + d);
        if (!n || !free(x + d) || n.special) return true;
        const beyond = byX.get(x + 2 * d);
        return !!beyond && free(x + 2 * d) && !beyond.special;
      };
      let last = -Infinity;
      for (const s of row) {
        if (s.x - last < 3 || s.special || s.sofa || !free(s.x) || !sideOk(s.x, -1) || !sideOk(s.x, 1)) continue;
        targets.push({ presentationId: p.id, venueId: p.venue_id, seatplanId: p.seatplan_id, sectionId: s.section_id, x: s.x, y: s.y, tg: s.tg });
        last = s.x;
      }
    }
    perPresentation.push({ id: p.id, free: seats.length - takenSet.size, usable: targets.length, targets });
  }
  perPresentation.sort((a, b) => b.usable - a.usable || a.id - b.id);
  const chosen: typeof perPresentation = [];
  let n = 0;
  for (const p of perPresentation) {
    if (n >= needed) break;
    chosen.push(p);
    n += p.usable;
  }
  if (n < needed) throw new Error(`only ${n} usable seats in the coming presentations of seat plan ${plan.id}, ${needed} needed`);
  // random order (seeded), so load spreads over sections and rows as real visitors would
  const targets = shuffle(chosen.flatMap((p) => p.targets), 20260522);
  return { targets, presentations: chosen.map(({ id, free, usable }) => ({ id, free, usable })), seatplanId: plan.id, seats: seats.length };
}

function shuffle<T>(a: T[], seed: number): T[] {
  let s = seed >>> 0;
  const rnd = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Distinct seats a plan of `attempts` needs at 50 % contention. */
export const seatsNeeded = (attempts: number) => Math.ceil(attempts * 0.75) + CLIENTS;

/**
 * Tasks per client. Clients are paired (0,1), (2,3)…; at step k, pair j targets one seat together when
 * (j + k) is even (two attempts at one seat: one wins, one conflicts) and two separate seats otherwise.
 * So exactly half the attempts target a seat another client also targets, at about the same moment.
 */
export function makePlan(targets: Target[], clients: number, attempts: number): Task[][] {
  const steps = Math.ceil(attempts / clients);
  const plan: Task[][] = Array.from({ length: clients }, () => []);
  let next = 0;
  const take = () => {
    const t = targets[next++];
    if (!t) throw new Error('not enough target seats');
    return t;
  };
  for (let k = 0; k < steps; k++) {
    for (let j = 0; 2 * j < clients; j++) {
      const a = 2 * j, b = 2 * j + 1;
      if (b >= clients) plan[a]!.push({ target: take(), contended: false });
      else if ((j + k) % 2 === 0) {
        const t = take();
        plan[a]!.push({ target: t, contended: true });
        plan[b]!.push({ target: t, contended: true });
      } else {
        plan[a]!.push({ target: take(), contended: false });
        plan[b]!.push({ target: take(), contended: false });
      }
    }
  }
  return plan;
}

/** Drops the bench's holds (the seed's sales stay) so each run starts from the same state. */
export async function resetHolds(q: Queryable, presentationIds: number[]): Promise<void> {
  await q.query(`DELETE FROM presentation_seats WHERE presentation_id = ANY($1::int[]) AND status = 'held' AND holder_uuid LIKE 'bench-%'`, [presentationIds]);
  await q.query('VACUUM (ANALYZE) presentation_seats');
}

/** CPU milliseconds a process has used so far (Linux /proc; utime + stime in clock ticks of 1/100 s). */
function procCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // utime + stime
  } catch {
    return 0;
  }
}

/** How a measured run is sent: by the load generator process, or (PGlite's ceiling) in this process. */
type Runner = (plan: Task[][], tag: string, maxMs: number, ratePerSec?: number) => Promise<RunResult>;

export const generatorRunner = (g: LoadGenerator): Runner => (plan, tag, maxMs, ratePerSec) => g.run({ plan, tag, maxMs, ratePerSec, maxSeats: MAX_SEATS });

/**
 * CPU per attempt during fn: this process (the api, or PGlite's in-process ceiling), the load generator
 * and the bench database's PostgreSQL backends; and how late this process's event loop ran timers.
 */
async function withCpu(pgq: Queryable | null, generatorPid: number | null, fn: () => Promise<RunResult>) {
  const backends = async () => pgq
    ? new Set((await pgq.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid))
    : new Set<number>();
  const before = await backends();
  const pgBefore = new Map([...before].map((pid) => [pid, procCpuMs(pid)]));
  const genBefore = generatorPid ? procCpuMs(generatorPid) : 0;
  const nodeBefore = process.cpuUsage();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const r = await fn();
  loop.disable();
  const node = process.cpuUsage(nodeBefore);
  const gen = generatorPid ? procCpuMs(generatorPid) - genBefore : 0;
  let pgMs = 0;
  for (const pid of await backends()) pgMs += procCpuMs(pid) - (pgBefore.get(pid) ?? 0);
  const linux = process.platform === 'linux';
  return {
    ...r,
    benchProcessLoopDelayMs: { p99: round(loop.percentile(99) / 1e6, 1), max: round(loop.max / 1e6, 1) },
    cpuMsPerAttempt: {
      benchProcess: round((node.user + node.system) / 1000 / r.attempts, 3),
      loadGenerator: generatorPid && linux ? round(gen / r.attempts, 3) : null,
      postgres: pgq && linux ? round(pgMs / r.attempts, 3) : null,
    },
  };
}

/** Warm-up (plan cache, JIT, connections), reset, then the measured run. */
export async function measure(q: Queryable, presentationIds: number[], targets: Target[], run: Runner, tag: string, pgq: Queryable | null, generatorPid: number | null) {
  await run(makePlan(targets, CLIENTS, WARMUP_ATTEMPTS), `${tag}w`, MAX_RUN_MS / 3);
  await resetHolds(q, presentationIds);
  const r = await withCpu(pgq, generatorPid, () => run(makePlan(targets, CLIENTS, ATTEMPTS), tag, MAX_RUN_MS));
  await resetHolds(q, presentationIds);
  return r;
}

/** The open-loop run at RATE attempts/s (after the saturated run's reset), with its CPU. */
async function measurePaced(pgq: Queryable | null, gen: LoadGenerator, plan: Task[][], tag: string) {
  return withCpu(pgq, gen.pid, () => gen.run({ plan, tag, maxMs: MAX_RUN_MS / 2, ratePerSec: RATE, maxSeats: MAX_SEATS }));
}

// ---------------------------------------------------------------------------------------------

/** Sets environment variables (undefined deletes one); returns a function that restores them. */
function setEnv(vars: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const set = (v: Record<string, string | undefined>) => {
    for (const [k, val] of Object.entries(v)) if (val === undefined) delete process.env[k]; else process.env[k] = val;
  };
  set(vars);
  return () => set(saved);
}

export async function benchLocks(): Promise<object> {
  const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_locks_${process.pid}`;
  const pgUrl = new URL(adminUrl);
  pgUrl.pathname = '/' + dbName;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-locks-'));
  const apiPoolMax = Number(process.env.PG_POOL_MAX || 20);

  const cleanups: Array<() => Promise<unknown>> = [];
  const out: Record<string, unknown> = {};
  const t0 = performance.now();
  // A dropped PostgreSQL connection on a pg client checked out by the api's db.tx is emitted as an
  // unhandled 'error' event (seen when another process restarts the server): fail this benchmark,
  // still cleaning up, instead of killing `npm run bench` and leaving the database and folder behind.
  let crash!: (e: unknown) => void;
  const crashed = new Promise<never>((_, reject) => { crash = reject; });
  crashed.catch(() => undefined);
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  const run = async () => {
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${dbName}`);
    } finally {
      await admin.end();
    }
    cleanups.push(async () => {
      // retried: the server may be restarting (that is also what fails a run)
      for (let i = 0; ; i++) {
        const c = new pg.Client({ connectionString: adminUrl });
        c.on('error', () => undefined);
        try {
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
          return;
        } catch (e) {
          if (i >= 15) throw e;
          await new Promise((r) => setTimeout(r, 1000));
        } finally {
          await c.end().catch(() => undefined);
        }
      }
    });

    // Both apis are migrated and seeded, one after the other. createApi reads the environment synchronously, and
    // openPostgres reads PG_POOL_MAX after its first await, so the variables stay set until both are open.
    // the clients stand for visitors, each visit from its own address (X-Forwarded-For from 127.0.0.1, as
    // nginx sends it), so the per-address limit (default 4 × maxSeats) is checked on every hold
    // answers are not checked against their response schemas, as in production (the api's default outside it)
    const opts = { logger: false, maxSeats: MAX_SEATS, trustProxy: '127.0.0.1', checkResponses: false };
    type Api = { app: import('fastify').FastifyInstance; db: Db };
    const restoreEnv = setEnv({ DATABASE_URL: undefined, API_DATA_DIR: dataDir, PG_POOL_MAX: String(apiPoolMax) });
    let restored = false;
    const restore = () => { if (!restored) { restored = true; restoreEnv(); } };
    cleanups.push(async () => restore());
    const restoreUrl = setEnv({ DATABASE_URL: pgUrl.toString() });
    const pgP = createApi(opts);
    restoreUrl();
    // PGlite once PostgreSQL's api is up: PGlite's seeding blocks this process's event loop for long stretches,
    // which on a loaded machine made the other api's plugins miss Fastify's start timeout
    const liteP = pgP.catch(() => undefined).then(() => createApi(opts));
    const both = Promise.allSettled([liteP, pgP]);
    // closes each api once it is up, also when the run failed while they were still being seeded
    cleanups.push(async () => {
      // (closing twice is harmless: fastify and Db.close both return at once when already closed)
      for (const s of await both) if (s.status === 'fulfilled') { await s.value.app.close(); await s.value.db.close(); }
    });
    const settled = await both;
    restore();
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
    const apis = { lite: (settled[0] as PromiseFulfilledResult<Api>).value, pg: (settled[1] as PromiseFulfilledResult<Api>).value };
    const setupMs = Math.round(performance.now() - t0);

    const needed = seatsNeeded(Math.max(ATTEMPTS, WARMUP_ATTEMPTS));
    type Measured = Awaited<ReturnType<typeof measure>>;
    /** The api over HTTP, loaded from the generator process; paced adds the open-loop run at RATE attempts/s. */
    const runApi = async (api: Api, tag: string, paced = false) => {
      const t = await arenaTargets(api.db, needed);
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = api.app.server.address();
      if (!addr || typeof addr === 'string') throw new Error('no port');
      const gen = await startLoadGenerator({ kind: 'http', origin: `http://127.0.0.1:${addr.port}`, connections: CLIENTS });
      try {
        const ids = t.presentations.map((p) => p.id);
        const pgq = api.db.engine === 'postgres' ? api.db : null;
        const batches = pgq ? { ...holdBatcher(pgq, SEAT_CHANNEL).stats } : null;
        const measured = await measure(api.db, ids, t.targets, generatorRunner(gen), tag, pgq, gen.pid);
        // group commit (holdBatch.ts) over the warm-up and the run: statements sent for several holds, their holds
        const after = pgq ? holdBatcher(pgq, SEAT_CHANNEL).stats : null;
        const r = batches && after ? { ...measured, groupCommit: {
          batches: after.batches - batches.batches, batchedHolds: after.batchedHolds - batches.batchedHolds, failedBatches: after.fallbacks - batches.fallbacks,
        } } : measured;
        let atRate: (Measured & { offeredPerSecond: number }) | null = null;
        if (paced) {
          // the same api on a fixed schedule of RATE attempts/s: latency when not saturated
          const p = await measurePaced(pgq, gen, makePlan(t.targets, CLIENTS, ATTEMPTS), `${tag}p`);
          await resetHolds(api.db, ids);
          atRate = { offeredPerSecond: RATE, ...p };
        }
        return { t, r, atRate };
      } finally {
        await gen.close();
      }
    };

    const skipLite = process.env.LOCKS_BENCH_SKIP_LITE === '1';
    let lite: { t: Awaited<ReturnType<typeof arenaTargets>>; r: Measured } | null = null;
    let liteRaw: Measured | null = null;
    if (!skipLite) {
      lite = await runApi(apis.lite, 'lite');
      await apis.lite.app.close();
      // PGlite's ceiling: the same statement on the same database, in this process (PGlite is embedded: there is
      // no other process to send it from), 50 concurrent callers as above
      const ids = lite.t.presentations.map((p) => p.id);
      const direct: Runner = (plan, tag, maxMs) => runLoad(rawAttempt(apis.lite.db, UPSERT_HOLD, 600), { plan, tag, maxMs, maxSeats: MAX_SEATS });
      liteRaw = await measure(apis.lite.db, ids, lite.t.targets, direct, 'literaw', null, null);
    }
    // PGlite is done: close it so it takes no memory or timers from the PostgreSQL runs
    await apis.lite.db.close();
    const post = await runApi(apis.pg, 'pg', true);
    await apis.pg.app.close(); // its database stays open for the resets below

    // The ceiling: the same statement straight to PostgreSQL from a Pool of 50 in the load generator process, same seats and mix.
    const ids = post.t.presentations.map((p) => p.id);
    const raw = async (syncCommit: 'on' | 'off') => {
      const target: LoadTarget = { kind: 'raw', url: pgUrl.toString(), pool: RAW_POOL, syncCommit, sql: UPSERT_HOLD, holdSeconds: 600 };
      const gen = await startLoadGenerator(target);
      try {
        return await measure(apis.pg.db, ids, post.t.targets, generatorRunner(gen), `raw${syncCommit}`, apis.pg.db, gen.pid);
      } finally {
        await gen.close();
      }
    };
    const rawAsync = await raw('off');
    const rawDurable = await raw('on');
    // Asynchronous commits can only be faster; when noise makes the durable run faster, the higher figure is the ceiling.
    const ceiling = Math.max(rawAsync.throughput, rawDurable.throughput);

    const withRatio = <R extends RunResult>(r: R, c = ceiling) => ({ ...r, ratioToCeiling: round(r.throughput / c, 3) });
    Object.assign(out, {
      method: {
        clients: CLIENTS,
        attemptsPerRun: `${ATTEMPTS}, or fewer when a run reaches ${MAX_RUN_MS / 1000} s (each client stops at that time)`,
        warmupAttempts: `${WARMUP_ATTEMPTS} (at most ${round(MAX_RUN_MS / 3000, 1)} s), not counted`,
        contention: '50 %: clients are paired; at each step half the pairs (alternating) send both their attempts at one seat (one wins, one conflicts), the others two separate seats',
        seats: `free seats of the largest reserved plan (${post.t.seats} seats, seat plan ${post.t.seatplanId}) in its coming presentations, at least 3 apart in a row with free buffers, so the single-seat-gap rule (seating policy 3) never refuses; shuffled`,
        maxSeats: `api built with maxSeats ${MAX_SEATS}; each client rotates to a new uuid after every ${MAX_SEATS} successful holds, so MAX_SEATS never refuses; each visit sends its own X-Forwarded-For address (api trusts 127.0.0.1), so the per-address limit is checked on every hold and never refuses`,
        betweenRuns: 'each run is preceded by a warm-up, then the bench holds are deleted (seed sales kept) and presentation_seats vacuumed',
        throughput: 'attempts per second (successes and conflicts); locksPerSecond counts successes only',
        load: `closed loop: each of the ${CLIENTS} clients sends its next attempt as soon as the previous one is answered (saturation); postgresAtRate: open loop at ${RATE} attempts/s offered, latency from the scheduled send time`,
        processes: 'one api process (this one: createApi, listening on 127.0.0.1; answers not checked against their response schemas, as in production); the clients in a separate load-generator process (scripts/bench/locksLoad.ts: undici Pool with 50 keep-alive connections for the api, pg Pool of 50 for the raw runs)',
        apiPgPoolMax: apiPoolMax,
        rawPool: RAW_POOL,
        cpuMsPerAttempt: 'CPU per attempt of this process (the api; for PGlite\'s ceiling the statement\'s caller and the database), of the load generator, and of the bench database\'s PostgreSQL backends (from /proc); with few cores, throughput ≈ cores / total CPU per attempt',
        ceiling: 'holds.ts UPSERT_HOLD (seat_take) as one autocommit statement per attempt. PostgreSQL: sent from the load-generator process over pg, ceiling = the higher throughput of synchronous_commit off (as the api commits holds) and on. PGlite: called on the same database in this process (PGlite is embedded)',
      },
      machine: { cpus: os.cpus().length, loadavg: os.loadavg().map((l) => round(l, 2)), note: 'load generator, api and PostgreSQL share these cores; a load average above the core count means other work competed for them' },
      presentations: { pglite: lite?.t.presentations ?? null, postgres: post.t.presentations },
      pglite: lite && liteRaw ? withRatio(lite.r, liteRaw.throughput) : null,
      pgliteRaw: liteRaw,
      postgres: withRatio(post.r),
      postgresAtRate: post.atRate,
      rawPg: { ...withRatio(rawAsync), synchronousCommit: 'off' },
      rawPgDurable: { ...withRatio(rawDurable), synchronousCommit: 'on' },
      targets: {
        postgresP99: {
          target: `p99 ≤ ${P99_TARGET_MS} ms at ${RATE} attempts/s offered`,
          valueMs: post.atRate?.latencyMs.p99 ?? null, met: !!post.atRate && post.atRate.latencyMs.p99 <= P99_TARGET_MS,
          saturatedMs: post.r.latencyMs.p99,
        },
        postgresThroughput: {
          target: `throughput ≥ ${RATIO_TARGET} × raw ceiling`, ratio: round(post.r.throughput / ceiling, 3), ceiling,
          met: post.r.throughput >= RATIO_TARGET * ceiling,
          vsRawAsync: round(post.r.throughput / rawAsync.throughput, 3),
          vsRawDurable: round(post.r.throughput / rawDurable.throughput, 3),
        },
        pgliteThroughput: lite && liteRaw ? {
          target: `throughput ≥ ${PGLITE_RATIO_TARGET} × PGlite's raw ceiling`, ratio: round(lite.r.throughput / liteRaw.throughput, 3),
          ceiling: liteRaw.throughput, met: lite.r.throughput >= PGLITE_RATIO_TARGET * liteRaw.throughput,
        } : null,
      },
      setupMs,
    });
  };
  try {
    await Promise.race([run(), crashed]);
  } finally {
    for (const c of cleanups.reverse()) await c().catch((e: unknown) => { out.cleanupError = String(e); });
    process.off('uncaughtException', crash);
    process.off('unhandledRejection', crash);
  }
  out.totalMs = Math.round(performance.now() - t0);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}` || (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)) {
  console.log(JSON.stringify(await benchLocks(), null, 2));
}
