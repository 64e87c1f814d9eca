/**
 * Issue 13 point 7: event streams are capped per client address, and a PresLive stream closes when its
 * session ends (logout in this process at once, logout elsewhere on the next heartbeat).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { SSE_MAX_PER_ADDRESS } from '../src/lib/sse.ts';
import { parseCookies, sha256 } from '../src/lib/cookies.ts';
import { forEachEngine, futurePresentation } from './harness.ts';

function open(port: number, path: string, headers: Record<string, string> = {}): Promise<{ res: http.IncomingMessage; req: http.ClientRequest; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      const ended = new Promise<void>((r) => { res.on('end', () => r()); res.on('close', () => r()); });
      resolve({ res, req, ended });
    });
    req.on('error', reject);
  });
}

forEachEngine('hardening: event streams', (get) => {
  it(`seat event streams: at most ${SSE_MAX_PER_ADDRESS} per address, a slot freed when a stream closes`, async () => {
    const p = await futurePresentation(get().db, 21, 24);
    const app = await buildApp({ db: get().db, sweepIntervalMs: 0, heartbeatMs: 15000, demo: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const streams: Awaited<ReturnType<typeof open>>[] = [];
    try {
      for (let i = 0; i < SSE_MAX_PER_ADDRESS; i++) {
        const s = await open(port, `/api/seats/events?presentationId=${p.id}`);
        expect(s.res.statusCode).toBe(200);
        streams.push(s);
      }
      const over = await open(port, `/api/seats/events?presentationId=${p.id}`);
      expect(over.res.statusCode).toBe(429);
      streams[0]!.req.destroy();
      await streams[0]!.ended;
      let again = await open(port, `/api/seats/events?presentationId=${p.id}`);
      for (let i = 0; again.res.statusCode !== 200 && i < 50; i++) { await new Promise((r) => setTimeout(r, 20)); again = await open(port, `/api/seats/events?presentationId=${p.id}`); }
      expect(again.res.statusCode).toBe(200);
      streams.push(again);
    } finally {
      for (const s of streams) s.req.destroy();
      await app.close();
    }
  });

  it('a PresLive stream ends on logout: at once in its process, on the next heartbeat when logged out elsewhere', async () => {
    const app = await buildApp({ db: get().db, sweepIntervalMs: 0, heartbeatMs: 100, demo: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const login = async () => {
      const r = await app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: 'manager.jerusalem', password: 'PresLive-2' }, remoteAddress: '10.13.9.1' });
      expect(r.statusCode, r.body).toBe(200);
      const pairs = ([] as string[]).concat(r.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
      return { cookie: pairs.join('; '), csrf: pairs.find((x) => x.startsWith('csrf='))!.slice(5) };
    };
    try {
      const a = await login();
      const s1 = await open(port, '/api/PRES-live/events', { cookie: a.cookie });
      expect(s1.res.statusCode).toBe(200);
      const out = await app.inject({ method: 'POST', url: '/api/staff/logout', headers: { cookie: a.cookie, 'x-csrf-token': a.csrf } });
      expect(out.statusCode).toBe(200);
      await s1.ended; // (the test times out if the stream stays open)
      // the session ended in another api process (its row gone from the database): seen on the next heartbeat
      const b = await login();
      const s2 = await open(port, '/api/PRES-live/events', { cookie: b.cookie });
      expect(s2.res.statusCode).toBe(200);
      const token = decodeURIComponent(parseCookies(b.cookie)['staff_session']!);
      const del = await get().db.query('DELETE FROM staff_sessions WHERE token_hash = $1 RETURNING 1', [sha256(token)]);
      expect(del.rows).toHaveLength(1);
      await s2.ended;
    } finally {
      await app.close();
    }
  }, 30_000);
});
