import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { SalesChangeEvent } from '@ticketing/shared/contracts';
import { HIJACKED, route } from '../../../lib/route.ts';
import { toIso } from '../../../lib/time.ts';
import { acquireStreamSlot } from '../../../lib/sse.ts';
import { loadSession, onSessionEnded, sessionAlive } from '../../staff/auth.ts';
import { TAGS, type PresliveContext } from '../context.ts';

export const SALES_CHANNEL = 'sales_changes';

/** Live: server-sent `sales` events, fed by the database's sales_changes notifications. */
export async function liveRoutes(scope: FastifyInstance, { db, biz, heartbeatMs }: PresliveContext): Promise<void> {
  const streams = new Map<ServerResponse, number[]>();
  const unlisten = await db.listen(SALES_CHANNEL, (payload) => {
    let ev: SalesChangeEvent;
    try { ev = JSON.parse(payload) as SalesChangeEvent; } catch { return; }
    const msg = `event: sales\ndata: ${JSON.stringify({ presentationIds: ev.presentationIds, businessIds: ev.businessIds, tickets: ev.tickets, at: toIso(new Date()) })}\n\n`;
    for (const [res, businessIds] of streams) if (ev.businessIds.some((b) => businessIds.includes(b))) res.write(msg);
  });
  scope.addHook('preClose', async () => {
    for (const res of streams.keys()) res.end();
    streams.clear();
  });
  scope.addHook('onClose', async () => { await unlisten().catch(() => undefined); });

  route(scope, {
    method: 'GET', url: '/PRES-live/events', summary: 'Server-sent events: `sales` (SalesChangeEvent) when tickets of your businesses are committed, held or cancelled', tags: TAGS,
    response: z.string(), produces: 'text/event-stream', errors: { 401: 'UNAUTHORIZED' },
    async handler({ req, reply }) {
      const businessIds = biz(req);
      const session = await loadSession(db, req);
      const release = acquireStreamSlot(req);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n: sales\n\n');
      streams.set(res, businessIds);
      // The stream lives only as long as its session: closed at once on a logout in this process, and on
      // each heartbeat when the session ended elsewhere (logout on another process, expiry).
      const hb = setInterval(() => {
        void sessionAlive(db, session?.tokenHash).then((alive) => (alive ? res.write(': heartbeat\n\n') : res.end()), () => undefined);
      }, heartbeatMs ?? 15000);
      hb.unref();
      const offLogout = onSessionEnded((tokenHash) => { if (tokenHash === session?.tokenHash) res.end(); });
      const done = () => { clearInterval(hb); offLogout(); release(); streams.delete(res); };
      req.raw.on('close', done);
      res.on('close', done);
      return HIJACKED;
    },
  });
}
