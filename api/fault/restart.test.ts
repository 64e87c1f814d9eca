/**
 * PostgreSQL stopped and started again mid-run under steady traffic to an api process: the process
 * never crashes, answers 503 {error:'DB_UNAVAILABLE'} while the database is away (liveness stays
 * 200, readiness 503), and recovers on its own — later requests succeed, holds and commits included.
 * The server is always left running (finally + ensureServerUp).
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { cloneDb, ensureServerUp, startApi, startServer, stopServer, type ApiProcess } from './lib.ts';

let db: Awaited<ReturnType<typeof cloneDb>>;
let api: ApiProcess;

beforeAll(async () => {
  db = await cloneDb(inject('faultTemplate'), 'restart');
  api = await startApi(db.url);
});
afterAll(async () => {
  await ensureServerUp();
  await api?.stop();
  await db?.drop();
});

it('the api survives a PostgreSQL restart: 503 DB_UNAVAILABLE while it is away, then recovers', async () => {
  const today = new Date().toISOString().slice(0, 10);
  const get = (path: string) => fetch(`${api.url}${path}`, { headers: { uuid: 'restart-test', 'accept-language': 'en' } });
  expect((await get(`/api/seats/presentations?date=${today}`)).status).toBe(200);

  // Steady traffic through the whole outage.
  const seen: Record<string, number> = {};
  let running = true;
  const traffic = (async () => {
    while (running) {
      const r = await get(`/api/seats/presentations?date=${today}`).catch(() => undefined);
      const key = r ? String(r.status) : 'network-error';
      seen[key] = (seen[key] ?? 0) + 1;
      await r?.arrayBuffer();
      await new Promise((res) => setTimeout(res, 50));
    }
  })();

  try {
    await stopServer();
    // While the database is away: a JSON 503, the process alive, liveness 200, readiness 503.
    const during = await get(`/api/seats/presentations?date=${today}`);
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ error: 'DB_UNAVAILABLE' });
    expect(during.headers.get('retry-after')).toBe('1');
    expect((await get('/api/health')).status).toBe(200);
    const ready = await get('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ error: 'DB_UNAVAILABLE' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(api.proc.exitCode).toBeNull();
  } finally {
    await startServer();
  }

  // Recovery without a restart of the api process.
  const until = Date.now() + 30_000;
  while ((await get('/api/ready')).status !== 200) {
    if (Date.now() > until) throw new Error('api did not become ready after the database came back');
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 500));
  running = false;
  await traffic;
  console.log(`[fault] statuses through the outage: ${JSON.stringify(seen)}`);
  expect(Object.keys(seen).every((k) => k === '200' || k === '503'), JSON.stringify(seen)).toBe(true);
  expect(seen['503']).toBeGreaterThan(0);
  expect(api.proc.exitCode).toBeNull();

  // Later requests succeed: reads, twenty in a row, and a hold (a write in a transaction).
  for (let i = 0; i < 20; i++) expect((await get(`/api/seats/presentations?date=${today}`)).status).toBe(200);
  const { adminQuery } = await import('./lib.ts');
  const [p] = await adminQuery<{ id: number; venue_id: number; seatplan_id: number }>(
    `SELECT id, venue_id, seatplan_id FROM presentations p WHERE venue_id = 33 AND starts_at > now() + interval '2 hours'
       AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = p.id) ORDER BY starts_at DESC LIMIT 1`, [], db.url);
  const [seat] = await adminQuery<{ x: number; y: number }>(`
    SELECT s.x, s.y FROM seats s WHERE s.section_id = 3311 AND s.sofa_unit IS NULL AND NOT s.is_companion
      AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $1 AND ps.section_id = 3311 AND ps.x = s.x AND ps.y = s.y)
    ORDER BY s.y, s.x LIMIT 1`, [p!.id], db.url);
  const hold = await fetch(`${api.url}/api/seats/lock-seat`, {
    method: 'PUT', headers: { uuid: 'restart-test', 'content-type': 'application/json' },
    body: JSON.stringify({ recaptchaToken: 't', seat: { PresentationId: p!.id, VenueId: p!.venue_id, VenueSeatplanId: p!.seatplan_id, VenueSectionId: 3311, TicketGroupId: null, XCoordinate: seat!.x, YCoordinate: seat!.y } }),
  });
  expect(hold.status, await hold.clone().text()).toBe(200);
  // The seat-status push (LISTEN) reconnected too: the health of the process is intact.
  expect(api.log.join('')).not.toMatch(/uncaught|unhandled rejection/i);
});
