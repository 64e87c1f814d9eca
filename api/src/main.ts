import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app.ts';
import { openDbFromEnv, type Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './seed/index.ts';
import { demoModeFromEnv } from './lib/demo.ts';

/** The demo seed (published staff passwords, coupons, vouchers) runs outside production, or when asked. */
export const demoSeedWanted = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.NODE_ENV !== 'production' || demoModeFromEnv(env) || env.SEED_DEMO === '1';

/**
 * Opens the database from the environment (DATABASE_URL → PostgreSQL, else PGlite in API_DATA_DIR),
 * applies migrations, seeds demo data on first start (and tops up the 29-day presentation window) unless
 * NODE_ENV=production without DEMO_MODE=1 / SEED_DEMO=1,
 * and returns the api (not listening). The caller closes both: `await app.close(); await db.close()`.
 */
export async function createApi(opts: Omit<BuildAppOptions, 'db'> = {}): Promise<{ app: FastifyInstance; db: Db }> {
  const db = await openDbFromEnv();
  try {
    await migrate(db);
    if (demoSeedWanted()) await seed(db);
    const app = await buildApp({ ...opts, db });
    return { app, db };
  } catch (e) {
    await db.close().catch(() => undefined);
    throw e;
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain) {
  const port = Number(process.env.PORT || 3001);
  const host = process.env.HOST || '127.0.0.1';
  const { app, db } = await createApi({ logger: true });
  const stop = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await app.listen({ port, host });
}
