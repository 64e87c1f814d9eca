import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Demo mode: development routes (/api/dev/*: the SMS outbox, simulated sales), sandbox payment
 * providers and the demo seed. On only when asked (DEMO_MODE=1; `npm start` and `npm run dev` set it),
 * never by default, so a production process without the variable has none of them.
 */
export const demoModeFromEnv = (env: NodeJS.ProcessEnv = process.env): boolean => env.DEMO_MODE === '1';

/** Sandbox payments outside demo mode need ALLOW_SANDBOX_PAYMENTS=1 (a public test card approves). */
export const sandboxPaymentsAllowed = (env: NodeJS.ProcessEnv = process.env): boolean =>
  demoModeFromEnv(env) || env.ALLOW_SANDBOX_PAYMENTS === '1';

/** The payment providers that are sandboxes: a test card approves, nothing is charged. */
export const SANDBOX_PROVIDERS = ['sandbox', 'altcard', 'paypal', 'blik'] as const;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** A client on this machine, connected directly (a proxied request is never loopback, whoever the proxy is). */
export function isLoopbackClient(req: FastifyRequest): boolean {
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && req.headers['x-forwarded-for'] === undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Demo mode (see demo.ts): plugins register their development routes only when it is on. */
    demo: boolean;
  }
}

/** /api/dev/* answers only in demo mode and only to loopback clients; anyone else gets the ordinary 404. */
export function guardDevRoutes(app: FastifyInstance, demo: boolean): void {
  app.decorate('demo', demo);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/dev/')) return;
    if (demo && isLoopbackClient(req)) return;
    return reply.code(404).send({ error: 'NOT_FOUND', message: `no route ${req.method} ${req.url.split('?')[0]}` });
  });
}
