import { expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BestAvailableResponse, SeatChangeEvent, SeatsStatusV2Response, SeatplanResponse } from '@ticketing/shared/contracts';
import { forEachEngine, futurePresentation, lockBody, newUuid } from './harness.ts';
import { buildApp } from '../src/app.ts';

type P = { id: number; venueId: number; seatplanId: number };

forEachEngine('best available and live availability', (get) => {
  const lock = (p: P, uuid: string, sectionId: number, x: number, y: number) =>
    get().app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid }, payload: lockBody(p, sectionId, x, y) });
  const best = async (p: P, qs: string, uuid?: string) => {
    const r = await get().app.inject({ url: `/api/seats/best-available?presentationId=${p.id}&${qs}`, headers: uuid ? { uuid } : {} });
    expect(r.statusCode, r.body).toBe(200);
    return BestAvailableResponse.parse(r.json());
  };

  /** Independent check: a match leaves no free non-special seat alone next to it. */
  async function leavesSingle(p: P, seats: Array<{ VenueSectionId: number; XCoordinate: number; YCoordinate: number }>): Promise<boolean> {
    const plan = SeatplanResponse.parse((await get().app.inject({ url: `/api/seats/seatplan?venueId=${p.venueId}&seatplanId=${p.seatplanId}` })).json()).seatplan;
    const st = SeatsStatusV2Response.parse((await get().app.inject({ url: `/api/seats/seats-statusV2?presentationId=${p.id}` })).json());
    const all = plan.sections.flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)));
    const byKey = new Map(all.map((s) => [`${s.VenueSectionId}_${s.XCoordinate}_${s.YCoordinate}`, s]));
    const chosen = new Set(seats.map((s) => `${s.VenueSectionId}_${s.XCoordinate}_${s.YCoordinate}`));
    const free = (sec: number, x: number, y: number) => { const k = `${sec}_${x}_${y}`; return !!st.seats[k] && !chosen.has(k) && byKey.has(k); };
    const special = (sec: number, x: number, y: number) => { const s = byKey.get(`${sec}_${x}_${y}`); return !!s && (s.isHandicap || s.isCompanion); };
    for (const s of seats) {
      for (const d of [-1, 1]) {
        const nx = s.XCoordinate + d;
        if (!free(s.VenueSectionId, nx, s.YCoordinate) || special(s.VenueSectionId, nx, s.YCoordinate)) continue;
        const fx = nx + d;
        if (!free(s.VenueSectionId, fx, s.YCoordinate) || special(s.VenueSectionId, fx, s.YCoordinate)) return true;
      }
    }
    return false;
  }

  it('returns adjacent seats nearest the focal point, never a held seat, never leaving a single seat', async () => {
    const p = await futurePresentation(get().db, 21, 10);
    // someone holds the middle of the 2/3-back row and a seat beside it
    const o = newUuid('o');
    for (const x of [9, 10, 12, 13]) expect((await lock(p, o, 2111, x, 9)).statusCode).toBe(200);
    const r = await best(p, 'quantity=2&maxMatches=5&resultsPerMatch=1');
    expect(r.matches).toHaveLength(5);
    const keys = new Set<string>();
    for (const m of r.matches) {
      expect(m.together).toBe(true);
      expect(m.noSingleSeat).toBe(true);
      expect(m.locked).toBe(false);
      expect(new Set(m.seats.map((s) => s.YCoordinate)).size).toBe(1);
      for (const s of m.seats) {
        expect(s.YCoordinate === 9 && [9, 10, 12, 13].includes(s.XCoordinate)).toBe(false);
        expect(s.isHandicap || s.isCompanion).toBe(false);
        const k = `${s.XCoordinate}_${s.YCoordinate}`;
        expect(keys.has(k)).toBe(false);
        keys.add(k);
      }
      expect(await leavesSingle(p, m.seats)).toBe(false);
    }
    // the best match is near the centre, about 2/3 back (rows y 3..12 → focal y 9)
    expect(Math.abs(r.matches[0]!.seats[0]!.YCoordinate - 9)).toBeLessThanOrEqual(1);
  });

  it('accessible=1 returns a handicap seat with its companion; isLock=1 holds the first match', async () => {
    const p = await futurePresentation(get().db, 21, 11);
    const acc = await best(p, 'quantity=2&accessible=1');
    expect(acc.matches.length).toBeGreaterThan(0);
    for (const m of acc.matches) {
      expect(m.seats.some((s) => s.isHandicap)).toBe(true);
      expect(m.seats.some((s) => s.isCompanion)).toBe(true);
    }
    const a = newUuid('l');
    const locked = await best(p, 'quantity=3&isLock=1', a);
    expect(locked.matches[0]!.locked).toBe(true);
    expect(locked.expiresAt).not.toBeNull();
    const st = SeatsStatusV2Response.parse((await get().app.inject({ url: `/api/seats/seats-statusV2?presentationId=${p.id}`, headers: { uuid: a } })).json());
    expect(st.held.sort()).toEqual(locked.matches[0]!.seats.map((s) => `${s.VenueSectionId}_${s.XCoordinate}_${s.YCoordinate}`).sort());
    // the next visitor is never offered those seats
    const next = await best(p, 'quantity=3&maxMatches=20');
    const heldKeys = new Set(st.held);
    for (const m of next.matches) for (const s of m.seats) expect(heldKeys.has(`${s.VenueSectionId}_${s.XCoordinate}_${s.YCoordinate}`)).toBe(false);
    expect((await get().app.inject({ url: `/api/seats/best-available?presentationId=${p.id}&quantity=2&isLock=1` })).statusCode).toBe(400);
  });

  it('relaxes to split seats when no row has enough adjacent seats', async () => {
    const p = await futurePresentation(get().db, 23, 1); // mixed hall, reserved section 2311: rows y 3..10, x 1..14
    // sell everything except two seats in each of rows A and B, far apart
    await get().db.query(`INSERT INTO presentation_seats (presentation_id, section_id, x, y, status)
      SELECT $1, section_id, x, y, 'sold' FROM seats WHERE section_id = 2311 AND NOT (y IN (3, 4) AND x IN (2, 3))`, [p.id]);
    const r = await best(p, 'quantity=4');
    expect(r.matches).toHaveLength(1);
    expect(r.matches[0]!.together).toBe(false);
    expect(r.matches[0]!.seats).toHaveLength(4);
    const none = await best(p, 'quantity=5');
    expect(none.matches).toEqual([]);
  });

  it('the 20,000-seat arena answers with whole matches', async () => {
    const p = await futurePresentation(get().db, 14, 0);
    const t = Date.now();
    const r = await best(p, 'quantity=6');
    expect(Date.now() - t).toBeLessThan(5000);
    expect(r.matches).toHaveLength(5);
    expect(r.matches.every((m) => m.together && m.noSingleSeat)).toBe(true);
  });

  it('SSE stream receives a notify after a lock (LISTEN/NOTIFY, from another api instance on PostgreSQL)', async () => {
    const p = await futurePresentation(get().db, 21, 12);
    const otherDb = await get().openAnother();
    const app2 = await buildApp({ db: otherDb ?? get().db, sweepIntervalMs: 0, heartbeatMs: 200 });
    await app2.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (app2.server.address() as AddressInfo).port;
      let buf = '';
      let contentType = '';
      const got = new Promise<SeatChangeEvent>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: `/api/seats/events?presentationId=${p.id}` }, (res) => {
          contentType = String(res.headers['content-type']);
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            buf += c;
            const m = /event: seats\ndata: (.*)\n\n/.exec(buf);
            if (m) {
              resolve(SeatChangeEvent.parse(JSON.parse(m[1]!)));
              req.destroy();
            }
          });
        });
        req.on('error', (e) => { if (!String(e).includes('socket hang up')) reject(e); });
        setTimeout(() => reject(new Error('no event; got: ' + buf)), 5000);
      });
      // a seat free in this presentation (the seed sells a random share of the days after the fresh ones)
      const st = SeatsStatusV2Response.parse((await get().app.inject({ url: `/api/seats/seats-statusV2?presentationId=${p.id}` })).json());
      const [x, y] = Object.keys(st.seats).filter((k) => k.startsWith('2111_')).map((k) => k.split('_').slice(1).map(Number))[0]!;
      // wait for the subscription, then lock through the first instance
      await new Promise((r) => setTimeout(r, 400));
      expect((await lock(p, newUuid('sse'), 2111, x!, y!)).statusCode).toBe(200);
      const ev = await got;
      expect(contentType).toContain('text/event-stream');
      expect(ev).toEqual({ presentationId: p.id, status: 'held', seats: [[2111, x, y]] });
      expect(buf).toContain(': heartbeat');
    } finally {
      await app2.close();
      if (otherDb) await otherDb.close();
    }
  });
});
