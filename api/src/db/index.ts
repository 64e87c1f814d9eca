import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDbUnavailable } from './errors.ts';

/**
 * The api's database seam: PostgreSQL dialect on two engines.
 * - PGlite (embedded, single connection) — default; data folder from API_DATA_DIR, `memory://` for tests.
 * - PostgreSQL through a `pg` Pool — when DATABASE_URL is set.
 * Both support LISTEN/NOTIFY. Dates (`date` columns) should be selected as text (`::text`) so both
 * engines return the same shape; timestamptz comes back as a JS Date on both.
 */
export interface Queryable {
  /**
   * Runs one statement. `name` makes it a prepared statement on PostgreSQL (parsed and planned once per
   * connection, then only bound and executed): use it for hot statements whose text never changes, and
   * give each distinct text its own name. PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<{ rows: T[] }>;
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN/COMMIT (ROLLBACK when it throws). On PGlite transactions are serialized. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

/** Opens the database the environment asks for (DATABASE_URL → PostgreSQL, else PGlite in API_DATA_DIR). */
export async function openDbFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  return openPglite(env.API_DATA_DIR || path.join(REPO_ROOT, '.data', 'pglite'));
}

/** A tiny FIFO mutex: each task starts after the previous one settled. */
class Queue {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

export async function openPglite(dataDir: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);
  const txQueue = new Queue();
  let closed = false;
  const db: Db = {
    engine: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pg.query<T>(sql, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      // PGlite has one connection: run transactions one after the other so two requests never
      // interleave statements inside one BEGIN/COMMIT.
      return txQueue.run(() =>
        pg.transaction(async (t) => {
          const q: Queryable = {
            async query<R>(sql: string, params?: unknown[]) {
              const r = await t.query<R>(sql, params as unknown[] | undefined);
              return { rows: r.rows };
            },
            async exec(sql: string) {
              await t.exec(sql);
            },
          };
          return fn(q);
        }),
      );
    },
    async listen(channel, cb) {
      const unsub = await pg.listen(channel, cb);
      return async () => {
        if (!closed) await unsub();
      };
    },
    async notify(channel, payload) {
      await pg.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await txQueue.run(async () => undefined);
      await pg.close();
    },
  };
  return db;
}

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Db> {
  const pgmod = await import('pg');
  const pgns = (pgmod as unknown as { default: typeof import('pg') }).default ?? pgmod;
  // date → string (as PGlite callers select ::text anyway), int8 → number (counts).
  pgns.types.setTypeParser(1082, (v: string) => v);
  pgns.types.setTypeParser(20, (v: string) => Number(v));
  // While the server is away, opening a connection fails fast (→ 503 DB_UNAVAILABLE) instead of hanging
  // on an unreachable host. Only the connect is bounded: a request queued for a busy pool still waits
  // (the pool's own connectionTimeoutMillis would bound that wait too and turn load into errors).
  const connectTimeout = Number(process.env.PG_CONNECT_TIMEOUT_MS || 5000);
  // PG_STATEMENT_TIMEOUT_MS (start:prod's api processes: 15 s): no statement, and no transaction left idle,
  // may hold a connection and its locks for long; a slow or hostile query is cancelled (57014 → 503)
  // instead of starving the pool. Unset (migrations, the demo seed's bulk statements) means no limit.
  const statementTimeout = Number(process.env.PG_STATEMENT_TIMEOUT_MS) > 0 ? Number(process.env.PG_STATEMENT_TIMEOUT_MS) : undefined;
  class BoundedClient extends pgns.Client {
    constructor(config?: string | import('pg').ClientConfig) {
      super({
        ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectTimeout,
        ...(statementTimeout ? { statement_timeout: statementTimeout, idle_in_transaction_session_timeout: statementTimeout * 2 } : {}),
      });
    }
  }
  const pool = new pgns.Pool({
    connectionString: url,
    max: opts.max ?? Number(process.env.PG_POOL_MAX || 20),
    Client: BoundedClient,
  });
  pool.on('error', () => undefined); // idle client errors must not crash the process

  // One dedicated connection for LISTEN, shared by every subscriber of this process.
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: import('pg').Client | null = null;
  let connecting: Promise<import('pg').Client> | null = null;
  let closed = false;

  async function getListenClient(): Promise<import('pg').Client> {
    if (listenClient) return listenClient;
    if (connecting) return connecting;
    connecting = (async () => {
      const c = new pgns.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      c.on('error', () => undefined); // replaced below once connected; a failed connect must not crash
      try {
        await c.connect();
      } catch (e) {
        connecting = null;
        throw e;
      }
      c.on('notification', (msg) => {
        const set = listeners.get(msg.channel);
        if (set) for (const cb of set) cb(msg.payload ?? '');
      });
      // Reconnect and re-LISTEN after a dropped connection (e.g. a PostgreSQL restart), retrying until
      // the server is back; 'end' without 'error' happens on a clean server shutdown.
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        if (listenClient === c) listenClient = null;
        c.end().catch(() => undefined);
        if (!closed) void relisten(1);
      };
      c.on('error', onLost);
      c.on('end', onLost);
      listenClient = c;
      connecting = null;
      return c;
    })();
    return connecting;
  }

  async function relisten(attempt: number): Promise<void> {
    await new Promise((r) => setTimeout(r, Math.min(1000 * attempt, 5000)));
    if (closed || listeners.size === 0) return;
    try {
      const nc = await getListenClient();
      for (const ch of listeners.keys()) await nc.query(`LISTEN ${quoteIdent(ch)}`);
    } catch {
      connecting = null;
      listenClient = null;
      if (!closed) void relisten(attempt + 1);
    }
  }

  const db: Db = {
    engine: 'postgres',
    async query<T>(sql: string, params?: unknown[], name?: string) {
      const r = name
        ? await pool.query({ name, text: sql, values: params as unknown[] | undefined })
        : await pool.query(sql, params as unknown[] | undefined);
      return { rows: r.rows as T[] };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      // A checked-out client has no pool listener: without this, a server restart mid-transaction
      // is an unhandled 'error' event and kills the process instead of answering 503.
      const onError = () => { broken = true; };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const q: Queryable = {
          async query<R>(sql: string, params?: unknown[], name?: string) {
            const r = name
              ? await client.query({ name, text: sql, values: params as unknown[] | undefined })
              : await client.query(sql, params as unknown[] | undefined);
            return { rows: r.rows as R[] };
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        };
        const result = await fn(q);
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        broken ||= isDbUnavailable(e);
        throw e;
      } finally {
        client.off('error', onError);
        // A connection that died mid-transaction is destroyed, not handed to the next request.
        client.release(broken || undefined);
      }
    },
    async listen(channel, cb) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        const c = await getListenClient();
        await c.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(cb);
      return async () => {
        const s = listeners.get(channel);
        if (!s) return;
        s.delete(cb);
        if (s.size === 0) {
          listeners.delete(channel);
          if (listenClient && !closed) await listenClient.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (listenClient) await listenClient.end().catch(() => undefined);
      await pool.end();
    },
  };
  return db;
}

function quoteIdent(s: string): string {
  return '"' + s.replace(/"/g, '""') + '"';
}
