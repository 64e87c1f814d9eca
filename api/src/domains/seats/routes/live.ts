import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SeatEventsQuery, type SeatChangeEvent } from '@ticketing/shared/contracts';
import { HIJACKED, route } from '../../../lib/route.ts';
import { acquireStreamSlot } from '../../../lib/sse.ts';
import { SEAT_CHANNEL } from '../holds.ts';
import { TAGS, type SeatsContext } from '../context.ts';

/** Live availability: one LISTEN per process, fanned out to the open server-sent-event streams. */
export async function liveRoutes(app: FastifyInstance, { db, meta, streams, heartbeatMs }: SeatsContext): Promise<void> {
  const unlisten = await db.listen(SEAT_CHANNEL, (payload) => {
    let ev: SeatChangeEvent;
    try {
      ev = JSON.parse(payload) as SeatChangeEvent;
    } catch {
      return;
    }
    const set = streams.get(ev.presentationId);
    if (!set) return;
    const msg = `event: seats\ndata: ${payload}\n\n`;
    for (const res of set) res.write(msg);
  });
  app.addHook('preClose', async () => {
    for (const set of streams.values()) for (const res of set) res.end();
    streams.clear();
  });
  app.addHook('onClose', async () => {
    await unlisten().catch(() => undefined);
  });

  route(app, {
    method: 'GET', url: '/seats/events', summary: 'Server-sent events: `seats` events (SeatChangeEvent) for one presentation', tags: TAGS,
    query: SeatEventsQuery, response: z.string(), produces: 'text/event-stream',
    async handler({ query, req, reply }) {
      await meta(query.presentationId);
      const release = acquireStreamSlot(req);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 2000\n: presentation ${query.presentationId}\n\n`);
      let set = streams.get(query.presentationId);
      if (!set) streams.set(query.presentationId, (set = new Set()));
      set.add(res);
      const hb = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
      hb.unref();
      const done = () => {
        release();
        clearInterval(hb);
        const s = streams.get(query.presentationId);
        s?.delete(res);
        if (s && s.size === 0) streams.delete(query.presentationId);
      };
      req.raw.on('close', done);
      res.on('close', done);
      return HIJACKED;
    },
  });
}
