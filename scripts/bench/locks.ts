/**
 * Lock throughput and latency (issue 3, "npm run bench adds … lock throughput"): 50 concurrent clients at
 * 50 % contention holding seats of the 20,000-seat arena, against
 *   1. the api over HTTP on PGlite (fresh temp data folder),
 *   2. the api over HTTP on PostgreSQL (fresh database bench_locks_<pid>, dropped afterwards),
 *   3. the api's own conditional upsert (UPSERT_HOLD, read from holds.ts) issued directly over `pg`
 *      with a Pool of 50: the ceiling, with asynchronous commits as the api's hold path uses, and durable.
 * Targets (issue 3): p99 ≤ 25 ms on PostgreSQL; throughput ≥ half the raw ceiling.
 *
 * `npx tsx scripts/bench/locks.ts` prints the JSON; `npm run bench` calls benchLocks().
 * Knobs: LOCKS_BENCH_ATTEMPTS (5000), LOCKS_BENCH_CLIENTS (50), TEST_PG_URL (admin url of the server).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { createApi } from '../../api/src/main.ts';
import type { Db, Queryable } from '../../api/src/db/index.ts';
import { percentile, round } from './lib.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');

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

// ---------------------------------------------------------------------------------------------
// Seats to target

export interface Target { presentationId: number; venueId: number; seatplanId: number; sectionId: number; x: number; y: number; tg: number }
export interface Task { target: Target; contended: boolean }

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

// ---------------------------------------------------------------------------------------------
// Load

/** 'ok' | 'conflict' (seat held by another visit) | 'refused:<code>' | 'http:<status>' | 'error:<…>' */
export type Attempt = (task: Task, uuid: string) => Promise<string>;

export interface RunResult {
  attempts: number; successes: number; conflicts: number; other: Record<string, number>;
  durationMs: number; throughput: number; locksPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  contendedAttempts: number;
  /** How late this process's event loop ran timers (api and load generator share it). */
  eventLoopDelayMs: { p99: number; max: number };
  loadavg1m: { before: number; after: number };
}

/**
 * Runs every client's tasks, each client one attempt at a time (closed loop), until done or maxMs.
 * With ratePerSec the attempts are instead sent on a fixed schedule (open loop: attempt i of the plan,
 * in step order, at t0 + i / rate) and latency counts from the scheduled time, so a late send is not hidden.
 */
export async function runLoad(plan: Task[][], attempt: Attempt, tag: string, maxMs = Infinity, ratePerSec?: number): Promise<RunResult> {
  const lat: number[] = [];
  const outcome = new Map<string, number>();
  let contended = 0;
  const before = os.loadavg()[0]!;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const t0 = performance.now();
  await Promise.all(plan.map(async (tasks, ci) => {
    // A visit may hold at most MAX_SEATS seats per presentation: each client takes a new uuid after
    // every MAX_SEATS successful holds, so the cap never refuses an attempt.
    let gen = 0, held = 0;
    let uuid = `bench-${tag}-c${ci}-g${gen}`;
    for (const [k, task] of tasks.entries()) {
      let s = performance.now();
      if (ratePerSec) {
        s = t0 + ((k * plan.length + ci) * 1000) / ratePerSec;
        if (s - t0 > maxMs) break;
        const wait = s - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      } else if (s - t0 > maxMs) break;
      if (held >= MAX_SEATS) { gen++; held = 0; uuid = `bench-${tag}-c${ci}-g${gen}`; }
      if (task.contended) contended++;
      let out: string;
      try {
        out = await attempt(task, uuid);
      } catch (e) {
        out = `error:${(e as { code?: string }).code ?? (e as Error).message}`;
      }
      lat.push(performance.now() - s);
      outcome.set(out, (outcome.get(out) ?? 0) + 1);
      if (out === 'ok') held++;
    }
  }));
  const ms = performance.now() - t0;
  loop.disable();
  const successes = outcome.get('ok') ?? 0, conflicts = outcome.get('conflict') ?? 0;
  const other = Object.fromEntries([...outcome].filter(([k]) => k !== 'ok' && k !== 'conflict'));
  return {
    attempts: lat.length, successes, conflicts, other,
    durationMs: Math.round(ms),
    throughput: Math.round(lat.length / (ms / 1000)),
    locksPerSecond: Math.round(successes / (ms / 1000)),
    latencyMs: { p50: round(percentile(lat, 50), 2), p90: round(percentile(lat, 90), 2), p99: round(percentile(lat, 99), 2), max: round(Math.max(...lat), 2) },
    contendedAttempts: contended,
    eventLoopDelayMs: { p99: round(loop.percentile(99) / 1e6, 1), max: round(loop.max / 1e6, 1) },
    loadavg1m: { before: round(before, 2), after: round(os.loadavg()[0]!, 2) },
  };
}

/** PUT /api/seats/lock-seat over keep-alive connections. */
export function httpAttempt(http: HttpPool): Attempt {
  return async ({ target: t }, uuid) => {
    const r = await http.request({
      method: 'PUT', path: '/api/seats/lock-seat',
      headers: { 'content-type': 'application/json', uuid },
      body: JSON.stringify({
        recaptchaToken: null,
        seat: { PresentationId: t.presentationId, VenueId: t.venueId, VenueSeatplanId: t.seatplanId, VenueSectionId: t.sectionId, TicketGroupId: t.tg, XCoordinate: t.x, YCoordinate: t.y },
      }),
    });
    const text = await r.body.text();
    if (r.statusCode === 200) return 'ok';
    if (r.statusCode === 409) {
      const code = (JSON.parse(text) as { error?: string }).error;
      return code === 'lock_seat_error' ? 'conflict' : `refused:${code}`;
    }
    return `http:${r.statusCode}`;
  };
}

/** The api's conditional upsert, verbatim from holds.ts, so the ceiling is always the statement the api runs. */
export function upsertHoldSql(): string {
  const src = readFileSync(path.join(ROOT, 'api/src/domains/seats/holds.ts'), 'utf8');
  const m = /const UPSERT_HOLD = `([^`]+)`/.exec(src);
  if (!m) throw new Error('UPSERT_HOLD not found in api/src/domains/seats/holds.ts: update scripts/bench/locks.ts');
  return m[1]!;
}

export function rawAttempt(pool: pg.Pool, sql: string, holdSeconds = 600): Attempt {
  const expiresAt = new Date(Date.now() + holdSeconds * 1000);
  return async ({ target: t }, uuid) => {
    const r = await pool.query(sql, [t.presentationId, t.sectionId, uuid, expiresAt, [t.x], [t.y], [t.tg]]);
    return r.rows.length === 1 ? 'ok' : 'conflict';
  };
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

/** CPU used by this process and by the database's PostgreSQL backends during fn, per attempt. */
async function withCpu<T extends RunResult>(pgq: Queryable | null, fn: () => Promise<T>): Promise<T & { cpuMsPerAttempt: { node: number; postgres: number | null } }> {
  const backends = async () => pgq
    ? new Set((await pgq.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid))
    : new Set<number>();
  const before = await backends();
  const pgBefore = new Map([...before].map((pid) => [pid, procCpuMs(pid)]));
  const nodeBefore = process.cpuUsage();
  const r = await fn();
  const node = process.cpuUsage(nodeBefore);
  let pgMs = 0;
  for (const pid of await backends()) pgMs += procCpuMs(pid) - (pgBefore.get(pid) ?? 0);
  return {
    ...r,
    cpuMsPerAttempt: {
      node: round((node.user + node.system) / 1000 / r.attempts, 3),
      postgres: pgq && process.platform === 'linux' ? round(pgMs / r.attempts, 3) : null,
    },
  };
}

/** Warm-up (plan cache, JIT, connections), reset, then the measured run. */
export async function measure(q: Queryable, presentationIds: number[], targets: Target[], attempt: Attempt, tag: string, pgq: Queryable | null = null) {
  await runLoad(makePlan(targets, CLIENTS, WARMUP_ATTEMPTS), attempt, `${tag}w`, MAX_RUN_MS / 3);
  await resetHolds(q, presentationIds);
  const r = await withCpu(pgq, () => runLoad(makePlan(targets, CLIENTS, ATTEMPTS), attempt, tag, MAX_RUN_MS));
  await resetHolds(q, presentationIds);
  return r;
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

    // Both apis are migrated and seeded at once (PGlite works in this process, PostgreSQL in its server).
    // createApi reads the environment synchronously, and openPostgres reads PG_POOL_MAX after its first
    // await, so the variables stay set until both are open.
    const opts = { logger: false, maxSeats: MAX_SEATS };
    type Api = { app: import('fastify').FastifyInstance; db: Db };
    const restoreEnv = setEnv({ DATABASE_URL: undefined, API_DATA_DIR: dataDir, PG_POOL_MAX: String(apiPoolMax) });
    let restored = false;
    const restore = () => { if (!restored) { restored = true; restoreEnv(); } };
    cleanups.push(async () => restore());
    const liteP = createApi(opts);
    const restoreUrl = setEnv({ DATABASE_URL: pgUrl.toString() });
    const pgP = createApi(opts);
    restoreUrl();
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
    const runApi = async (api: Api, tag: string, paced = false) => {
      const t = await arenaTargets(api.db, needed);
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = api.app.server.address();
      if (!addr || typeof addr === 'string') throw new Error('no port');
      const http = new HttpPool(`http://127.0.0.1:${addr.port}`, { connections: CLIENTS, pipelining: 1 });
      try {
        const ids = t.presentations.map((p) => p.id);
        const r = await measure(api.db, ids, t.targets, httpAttempt(http), tag, api.db.engine === 'postgres' ? api.db : null);
        if (!paced) return { t, r };
        // The same api at half its saturated throughput, on a fixed schedule: latency when not saturated.
        const rate = Math.max(1, Math.round(r.throughput / 2));
        const half = await runLoad(makePlan(t.targets, CLIENTS, ATTEMPTS), httpAttempt(http), `${tag}p`, MAX_RUN_MS / 2, rate);
        await resetHolds(api.db, ids);
        return { t, r, half: { offeredPerSecond: rate, ...half } };
      } finally {
        await http.close();
      }
    };

    const lite = await runApi(apis.lite, 'lite');
    // PGlite's api is done: close it so it takes no memory or timers from the PostgreSQL runs
    await apis.lite.app.close();
    await apis.lite.db.close();
    const post = await runApi(apis.pg, 'pg', true);
    await apis.pg.app.close(); // its database stays open for the resets below

    // The ceiling: the same statement straight to PostgreSQL from a Pool of 50, same seats and mix.
    const sql = upsertHoldSql();
    const ids = post.t.presentations.map((p) => p.id);
    const raw = async (syncCommit: 'on' | 'off') => {
      const pool = new pg.Pool({ connectionString: pgUrl.toString(), max: RAW_POOL, options: `-c synchronous_commit=${syncCommit}` });
      pool.on('error', () => undefined);
      try {
        // open all connections first so connection setup is not measured
        const cs = await Promise.all(Array.from({ length: RAW_POOL }, () => pool.connect()));
        for (const c of cs) c.release();
        return await measure(apis.pg.db, ids, post.t.targets, rawAttempt(pool, sql), `raw${syncCommit}`, apis.pg.db);
      } finally {
        await pool.end();
      }
    };
    const rawAsync = await raw('off');
    const rawDurable = await raw('on');
    // Asynchronous commits can only be faster; when noise makes the durable run faster, the higher figure is the ceiling.
    const ceiling = Math.max(rawAsync.throughput, rawDurable.throughput);

    const withRatio = (r: RunResult) => ({ ...r, ratioToCeiling: round(r.throughput / ceiling, 3) });
    Object.assign(out, {
      method: {
        clients: CLIENTS,
        attemptsPerRun: `${ATTEMPTS}, or fewer when a run reaches ${MAX_RUN_MS / 1000} s (each client stops at that time)`,
        warmupAttempts: `${WARMUP_ATTEMPTS} (at most ${round(MAX_RUN_MS / 3000, 1)} s), not counted`,
        contention: '50 %: clients are paired; at each step half the pairs (alternating) send both their attempts at one seat (one wins, one conflicts), the others two separate seats',
        seats: `free seats of the largest reserved plan (${post.t.seats} seats, seat plan ${post.t.seatplanId}) in its coming presentations, at least 3 apart in a row with free buffers, so the single-seat-gap rule (seating policy 3, checked on every api hold) never refuses; shuffled`,
        maxSeats: `api built with maxSeats ${MAX_SEATS}; each client rotates to a new uuid after every ${MAX_SEATS} successful holds, so MAX_SEATS never refuses`,
        betweenRuns: 'each run is preceded by a warm-up, then the bench holds are deleted (seed sales kept) and presentation_seats vacuumed',
        throughput: 'attempts per second (successes and conflicts); locksPerSecond counts successes only',
        load: `closed loop: each of the ${CLIENTS} clients sends its next attempt as soon as the previous one is answered (saturation); postgresHalfLoad: open loop at half the saturated rate, latency from the scheduled send time`,
        server: 'api in this process (buildApp via createApi), listening on 127.0.0.1, undici Pool with 50 keep-alive connections',
        apiPgPoolMax: apiPoolMax,
        rawPool: RAW_POOL,
        cpuMsPerAttempt: 'CPU time per attempt of this node process (for api runs: the api and the load generator together; for raw runs: the pg client) and of the bench database\'s PostgreSQL backends (from /proc); with few cores, throughput ≈ cores / total CPU per attempt',
        ceiling: 'UPSERT_HOLD (read from api/src/domains/seats/holds.ts) as one autocommit statement per attempt; ceiling = the higher throughput of the two raw runs (synchronous_commit off, as the api commits holds, and on)',
      },
      machine: { cpus: os.cpus().length, loadavg: os.loadavg().map((l) => round(l, 2)), note: 'load generator, api and PostgreSQL share these cores; a load average above the core count means other work competed for them' },
      presentations: { pglite: lite.t.presentations, postgres: post.t.presentations },
      pglite: withRatio(lite.r),
      postgres: withRatio(post.r),
      postgresHalfLoad: post.half,
      rawPg: { ...withRatio(rawAsync), synchronousCommit: 'off' },
      rawPgDurable: { ...withRatio(rawDurable), synchronousCommit: 'on' },
      targets: {
        postgresP99: {
          target: `p99 ≤ ${P99_TARGET_MS} ms with ${CLIENTS} concurrent clients`, valueMs: post.r.latencyMs.p99, met: post.r.latencyMs.p99 <= P99_TARGET_MS,
          // closed loop: p50 ≈ clients / throughput (Little's law), so this needs about clients / 25 ms = 2,000 holds/s or more
          atHalfLoad: post.half ? { offeredPerSecond: post.half.offeredPerSecond, valueMs: post.half.latencyMs.p99, met: post.half.latencyMs.p99 <= P99_TARGET_MS } : null,
        },
        postgresThroughput: {
          target: `throughput ≥ ${RATIO_TARGET} × raw ceiling`, ratio: round(post.r.throughput / ceiling, 3), ceiling,
          met: post.r.throughput >= RATIO_TARGET * ceiling,
          vsRawAsync: round(post.r.throughput / rawAsync.throughput, 3),
          vsRawDurable: round(post.r.throughput / rawDurable.throughput, 3),
        },
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
