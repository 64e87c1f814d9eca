/**
 * The registry the host's dev server answers at /remotes.json during `npm run dev`: every remote at its
 * own dev server (host 3100, remotes 3101–3106 in REMOTES order; see scripts/dev.ts).
 */
import { REMOTES, appVersion, requirements } from './apps.ts';

export const DEV_REMOTE_BASE_PORT = 3101;

export function devRegistry() {
  const audience = requirements().remotes;
  return {
    config: { apiBase: '/api', enabledLocales: ['he', 'en', 'ru', 'ar', 'pl'], maxSeats: 10 },
    remotes: REMOTES.map((name, i) => ({
      name,
      version: appVersion(name),
      manifest: `http://localhost:${DEV_REMOTE_BASE_PORT + i}/mf-manifest.json`,
      audience: audience[name].audience,
    })),
  };
}

type Res = { setHeader(k: string, v: string): void; end(body: string): void };
type RegistryMiddleware = { name: string; path: string; middleware(req: unknown, res: Res): void };

/**
 * Dev-server middleware hook for the host: serves devRegistry() no-store. A middleware object (Rspack's dev
 * server 2 runs on connect, not express: there is no `app.get`), put first so the history fallback never answers it.
 */
export function serveDevRegistry<M extends unknown[]>(middlewares: M): M {
  const registry: RegistryMiddleware = {
    name: 'dev-registry',
    path: '/remotes.json',
    middleware: (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(devRegistry()));
    },
  };
  middlewares.unshift(registry);
  return middlewares;
}
