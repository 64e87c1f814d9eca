/**
 * `npm start`: builds what is not built, publishes each remote into its versioned folder,
 * writes the registry on first start, opens the api (PGlite by default, DATABASE_URL for
 * PostgreSQL) and serves everything on one address.
 *   --fresh   rebuild every app and republish (development only; releases never overwrite)
 */
import { APPS, buildApp, isBuilt } from './lib/apps.ts';
import { ensureSite } from './lib/registry.ts';
import { createSiteHandler, listen } from './lib/site-server.ts';
import { createApi } from '../api/src/main.ts';

const fresh = process.argv.includes('--fresh');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

for (const app of APPS) {
  if (fresh || !isBuilt(app)) {
    process.stdout.write(`building ${app}… `);
    const ms = await buildApp(app, { quiet: true });
    process.stdout.write(`${Math.round(ms)} ms\n`);
  }
}
ensureSite({ force: fresh });

const { app: api, db } = await createApi();
await api.ready();
const server = await listen(createSiteHandler({ api }), port, host);
console.log(`\n  Ticketing is running at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/\n`);

async function shutdown() {
  // Stop accepting, let in-flight requests finish, then close the database.
  server.close();
  await api.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
