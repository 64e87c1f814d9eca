/**
 * `npm start`: builds what is not built, publishes each remote into its versioned folder,
 * writes the registry on first start, opens the api (PGlite by default, DATABASE_URL for
 * PostgreSQL) and serves everything on one address.
 *   --fresh   rebuild every app and republish (development only; releases never overwrite)
 */
import { APPS, buildApp, isBuilt } from './lib/apps.ts';
import { ensureSite } from './lib/registry.ts';
import { createSiteHandler, keepServingOnUncaught, listen } from './lib/site-server.ts';
import { createApi } from '../api/src/main.ts';
import { whenParentGone } from './lib/lifecycle.ts';

const fresh = process.argv.includes('--fresh');
// `npm start` is the demo: development routes (loopback clients only), sandbox payments, demo seed.
// DEMO_MODE=0 npm start runs without them.
process.env.DEMO_MODE ??= '1';
const demo = process.env.DEMO_MODE === '1';
keepServingOnUncaught();
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const address = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
// Links sent out (SMS, calendar files) name the address the site is opened at (they said localhost beside 127.0.0.1).
if (demo) process.env.PUBLIC_BASE_URL ??= address;

for (const app of APPS) {
  if (fresh || !isBuilt(app)) {
    process.stdout.write(`building ${app}… `);
    const ms = await buildApp(app, { quiet: true });
    process.stdout.write(`${Math.round(ms)} ms\n`);
  }
}
ensureSite({ force: fresh });

// No nginx in front here: the api compresses its JSON itself, as nginx does in production.
const { app: api, db } = await createApi({ compress: true });
await api.ready();
const server = await listen(createSiteHandler({ api }), port, host);
console.log(`\n  Ticketing is running at ${address}/`);
console.log(demo
  ? '  DEMO MODE: development routes (/api/dev/*, loopback clients only), sandbox payments and demo data are on. Never expose this to a network.\n'
  : '  demo mode off (DEMO_MODE=0): no development routes.\n');

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  // Stop accepting and wait for in-flight requests (the api's close drains its own and its event
  // streams) before the database closes, so no commit is cut off.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 10_000).unref(); // a stuck client cannot hold the exit forever
  await api.close();
  await closed;
  await db.close();
  process.exit(0);
}
// `npm start` execs node (package.json), so a SIGTERM/SIGINT to npm reaches this process through npm's forwarding.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);
// npm killed outright (SIGKILL is not forwarded): re-parented, this process stops instead of serving on unsupervised.
whenParentGone(() => void shutdown());
