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

type Res = { setHeader(k: string, v: string): void; json(body: unknown): void };

/** Dev-server middleware hook for the host: serves devRegistry() no-store. */
export function serveDevRegistry<M>(middlewares: M, server: { app?: { get(route: string, handler: (req: unknown, res: Res) => void): unknown } }): M {
  server.app?.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(devRegistry());
  });
  return middlewares;
}
