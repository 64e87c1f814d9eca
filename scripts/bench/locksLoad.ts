/**
 * The load generator of the lock benchmark (scripts/bench/locks.ts), in its own process: the api under test
 * runs in the bench's process and no longer shares its event loop with the clients that load it (issue 12
 * item 5). locks.ts forks this file (startLoadGenerator) and sends it one run at a time over IPC; each run's
 * latencies, outcomes and this process's own CPU come back as a RunResult.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { percentile, round } from './lib.ts';

export interface Target { presentationId: number; venueId: number; seatplanId: number; sectionId: number; x: number; y: number; tg: number }
export interface Task { target: Target; contended: boolean }

/** 'ok' | 'conflict' (seat held by another visit) | 'refused:<code>' | 'http:<status>' | 'error:<…>' */
export type Attempt = (task: Task, uuid: string, addr: string) => Promise<string>;

export interface RunResult {
  attempts: number; successes: number; conflicts: number; other: Record<string, number>;
  durationMs: number; throughput: number; locksPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  contendedAttempts: number;
  /** How late the load generator's own event loop ran timers (a late client would inflate latency). */
  loadGeneratorLoopDelayMs: { p99: number; max: number };
  /** CPU of the load generator process per attempt. */
  loadGeneratorCpuMsPerAttempt: number;
  loadavg1m: { before: number; after: number };
}

/** What the generator sends its attempts to: the api over HTTP, or one statement straight to PostgreSQL. */
export type LoadTarget =
  | { kind: 'http'; origin: string; connections: number }
  | { kind: 'raw'; url: string; pool: number; syncCommit: 'on' | 'off'; sql: string; holdSeconds: number };

export interface RunRequest { plan: Task[][]; tag: string; maxMs: number; ratePerSec?: number; maxSeats: number }

/**
 * Runs every client's tasks, each client one attempt at a time (closed loop), until done or maxMs.
 * With ratePerSec the attempts are instead sent on a fixed schedule (open loop: attempt i of the plan,
 * in step order, at t0 + i / rate) and latency counts from the scheduled time, so a late send is not hidden.
 */
export async function runLoad(attempt: Attempt, r: RunRequest): Promise<RunResult> {
  const { plan, tag, maxMs, ratePerSec, maxSeats } = r;
  const lat: number[] = [];
  const outcome = new Map<string, number>();
  let contended = 0;
  const before = os.loadavg()[0]!;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(plan.map(async (tasks, ci) => {
    // A visit may hold at most maxSeats seats per presentation: each client takes a new uuid after
    // every maxSeats successful holds, so the cap never refuses an attempt. Each visit comes from its own
    // address (X-Forwarded-For from the trusted 127.0.0.1, as behind nginx), so the api's per-address
    // squatting limit is checked on every hold, as for real visitors, and never refuses one.
    let gen = 0, held = 0;
    let uuid = `bench-${tag}-c${ci}-g${gen}`;
    const addrOf = (g: number) => `10.${ci & 255}.${(g >> 8) & 255}.${g & 255}`;
    let addr = addrOf(gen);
    for (const [k, task] of tasks.entries()) {
      let s = performance.now();
      if (ratePerSec) {
        s = t0 + ((k * plan.length + ci) * 1000) / ratePerSec;
        if (s - t0 > maxMs) break;
        const wait = s - performance.now();
        if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      } else if (s - t0 > maxMs) break;
      if (held >= maxSeats) { gen++; held = 0; uuid = `bench-${tag}-c${ci}-g${gen}`; addr = addrOf(gen); }
      if (task.contended) contended++;
      let out: string;
      try {
        out = await attempt(task, uuid, addr);
      } catch (e) {
        out = `error:${(e as { code?: string }).code ?? (e as Error).message}`;
      }
      lat.push(performance.now() - s);
      outcome.set(out, (outcome.get(out) ?? 0) + 1);
      if (out === 'ok') held++;
    }
  }));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
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
    loadGeneratorLoopDelayMs: { p99: round(loop.percentile(99) / 1e6, 1), max: round(loop.max / 1e6, 1) },
    loadGeneratorCpuMsPerAttempt: round((cpu.user + cpu.system) / 1000 / Math.max(1, lat.length), 3),
    loadavg1m: { before: round(before, 2), after: round(os.loadavg()[0]!, 2) },
  };
}

/** PUT /api/seats/lock-seat over keep-alive connections. */
function httpAttempt(http: HttpPool): Attempt {
  return async ({ target: t }, uuid, addr) => {
    const r = await http.request({
      method: 'PUT', path: '/api/seats/lock-seat',
      headers: { 'content-type': 'application/json', uuid, 'x-forwarded-for': addr },
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

/** The api's take statement (holds.ts UPSERT_HOLD: $1 presentation, $2 section, $3 uuid, $4 expiry, $5–$7 x, y, ticket group). */
export function rawAttempt(q: { query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }> }, sql: string, holdSeconds: number): Attempt {
  const expiresAt = new Date(Date.now() + holdSeconds * 1000);
  return async ({ target: t }, uuid) => {
    const r = await q.query(sql, [t.presentationId, t.sectionId, uuid, expiresAt, [t.x], [t.y], [t.tg]]);
    return r.rows.length === 1 ? 'ok' : 'conflict';
  };
}

type Msg = { setup: LoadTarget } | { run: RunRequest } | { close: true };
type Reply = { ready: true } | { result: RunResult } | { error: string };

/** The child's side: set up one target, then answer runs until told to close. */
async function serve(): Promise<void> {
  let attempt: Attempt | null = null;
  let close = async () => undefined as unknown;
  const send = (m: Reply) => process.send!(m);
  process.on('message', (m: Msg) => {
    void (async () => {
      try {
        if ('setup' in m) {
          const t = m.setup;
          if (t.kind === 'http') {
            const http = new HttpPool(t.origin, { connections: t.connections, pipelining: 1 });
            attempt = httpAttempt(http);
            close = () => http.close();
          } else {
            const pool = new pg.Pool({ connectionString: t.url, max: t.pool, options: `-c synchronous_commit=${t.syncCommit}` });
            pool.on('error', () => undefined);
            // open all connections first so connection setup is not measured
            const cs = await Promise.all(Array.from({ length: t.pool }, () => pool.connect()));
            for (const c of cs) c.release();
            attempt = rawAttempt(pool, t.sql, t.holdSeconds);
            close = () => pool.end();
          }
          send({ ready: true });
        } else if ('run' in m) {
          if (!attempt) throw new Error('run before setup');
          send({ result: await runLoad(attempt, m.run) });
        } else {
          await close();
          process.disconnect();
        }
      } catch (e) {
        send({ error: e instanceof Error ? e.stack ?? e.message : String(e) });
      }
    })();
  });
}

export interface LoadGenerator { run(r: RunRequest): Promise<RunResult>; close(): Promise<void>; pid: number }

/** Forks the load generator process and sets it up against `target`. */
export async function startLoadGenerator(target: LoadTarget): Promise<LoadGenerator> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () => new Promise<Reply>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`load generator exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (m: Reply) => { child.off('exit', onExit); resolve(m); });
  });
  const ask = async (m: Msg): Promise<Reply> => {
    const reply = next();
    child.send(m);
    const r = await reply;
    if ('error' in r) throw new Error(`load generator: ${r.error}`);
    return r;
  };
  try {
    await ask({ setup: target });
  } catch (e) {
    child.kill();
    throw e;
  }
  return {
    pid: child.pid!,
    async run(r) { return ((await ask({ run: r })) as { result: RunResult }).result; },
    async close() {
      if (!child.connected) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ close: true } satisfies Msg);
      setTimeout(() => child.kill(), 5000).unref();
      await exited;
    },
  };
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) await serve();
