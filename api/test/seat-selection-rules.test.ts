import { expect, it } from 'vitest';
import { BestAvailableResponse, LockError, SelectionCheckResponse, SeatsStatusV2Response } from '@ticketing/shared/contracts';
import type { Db } from '../src/db/index.ts';
import { forEachEngine, lockBody, newUuid } from './harness.ts';

type P = { id: number; venueId: number; seatplanId: number };

/** The n-th future presentation of a venue with no seat sold or held (the seeded sales history fills some). */
async function futurePresentation(db: Db, venueId: number, n: number): Promise<P> {
  const { rows } = await db.query<{ id: number; venue_id: number; seatplan_id: number }>(`
    SELECT id, venue_id, seatplan_id FROM presentations p WHERE venue_id = $1 AND starts_at > now() + interval '1 hour'
      AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = p.id)
    ORDER BY starts_at DESC, id OFFSET $2 LIMIT 1`, [venueId, n]);
  if (!rows[0]) throw new Error(`no empty future presentation #${n} in venue ${venueId}`);
  return { id: rows[0].id, venueId: rows[0].venue_id, seatplanId: rows[0].seatplan_id };
}

/**
 * Whole-selection seat rules (issue 14 point 6, issue 16 item 3): the single-seat rule does not depend on
 * click order and is judged when the visitor continues (POST /seats/check-selection) and at the sale; a
 * companion seat goes only with the wheelchair space next to it.
 * Tel Aviv hall 1 (venue 11, section 1111, policy 3) and Ramat Gan hall (venue 21, section 2111, policy 1):
 * rows A–J at y 3–12, seats x 1–10 | aisle | 12–21; row J: wheelchair x 1 and 21, companion x 2 and 20.
 */
forEachEngine('whole-selection seat rules', (get) => {
  const lock = (p: P, uuid: string, sectionId: number, x: number, y: number) =>
    get().app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid }, payload: lockBody(p, sectionId, x, y) });
  const unlock = (p: P, uuid: string, sectionId: number, x: number, y: number) =>
    get().app.inject({ method: 'PUT', url: '/api/seats/unlock-seat', headers: { uuid }, payload: lockBody(p, sectionId, x, y) });
  const check = (p: P, uuid: string) =>
    get().app.inject({ method: 'POST', url: '/api/seats/check-selection', headers: { uuid }, payload: { presentationId: p.id } });
  const held = async (p: P, uuid: string) =>
    SeatsStatusV2Response.parse((await get().app.inject({ url: `/api/seats/seats-statusV2?presentationId=${p.id}`, headers: { uuid } })).json()).held.sort();

  it('single-seat rule: C10 then C9 and C9 then C10 are both accepted (order does not matter)', async () => {
    const p = await futurePresentation(get().db, 11, 0);
    const a = newUuid('o1'), b = newUuid('o2');
    // row C is y 5; seat 10 is x 10, next to the aisle
    for (const x of [10, 9]) expect((await lock(p, a, 1111, x, 5)).statusCode).toBe(200);
    expect(SelectionCheckResponse.parse((await check(p, a)).json())).toEqual({ ok: true, seats: 2 });
    // the other order, row D (y 6): C9 first used to be refused because it left C10 alone
    for (const x of [9, 10]) expect((await lock(p, b, 1111, x, 6)).statusCode).toBe(200);
    expect(SelectionCheckResponse.parse((await check(p, b)).json())).toEqual({ ok: true, seats: 2 });
  });

  it('single-seat rule: a selection that leaves a lone seat is refused at Continue with the fix, then accepted once fixed', async () => {
    const p = await futurePresentation(get().db, 11, 1);
    const a = newUuid('g');
    expect((await lock(p, a, 1111, 2, 4)).statusCode).toBe(200); // leaves seat 1 (row end) alone
    const r = await check(p, a);
    expect(r.statusCode).toBe(409);
    expect(LockError.parse(r.json())).toMatchObject({ error: 'SINGLE_SEAT_GAP', seat: { sectionId: 1111, x: 2, y: 4 }, suggestion: { sectionId: 1111, x: 1, y: 4 } });
    expect((await lock(p, a, 1111, 4, 4)).statusCode).toBe(200); // and seat 3 between 2 and 4
    expect((await lock(p, a, 1111, 1, 4)).statusCode).toBe(200);
    const r2 = await check(p, a);
    expect(r2.json()).toMatchObject({ error: 'SINGLE_SEAT_GAP', suggestion: { x: 3, y: 4 } });
    expect((await lock(p, a, 1111, 3, 4)).statusCode).toBe(200);
    expect((await check(p, a)).statusCode).toBe(200);
    // a policy-1 hall has no such rule
    const p1 = await futurePresentation(get().db, 21, 0);
    const c = newUuid('g1');
    expect((await lock(p1, c, 2111, 2, 4)).statusCode).toBe(200);
    expect((await check(p1, c)).statusCode).toBe(200);
  });

  it('single-seat rule: a pair taking the last three-seat block is accepted (no gap-free alternative of that size)', async () => {
    const p = await futurePresentation(get().db, 23, 0); // Haifa mixed hall: policy 3, reserved section 2311 (8 × 14)
    await get().db.query(`INSERT INTO presentation_seats (presentation_id, section_id, x, y, status)
      SELECT $1, section_id, x, y, 'sold' FROM seats WHERE section_id = 2311 AND NOT (y = 3 AND x IN (5, 6, 7))`, [p.id]);
    const a = newUuid('l');
    expect((await lock(p, a, 2311, 5, 3)).statusCode).toBe(200);
    expect((await lock(p, a, 2311, 6, 3)).statusCode).toBe(200);
    expect((await check(p, a)).statusCode).toBe(200);
    // with a four-seat block left elsewhere, the same pair would be refused: the escape is about alternatives only
    const p2 = await futurePresentation(get().db, 23, 1);
    await get().db.query(`INSERT INTO presentation_seats (presentation_id, section_id, x, y, status)
      SELECT $1, section_id, x, y, 'sold' FROM seats WHERE section_id = 2311 AND NOT (y = 3 AND x IN (5, 6, 7)) AND NOT (y = 4 AND x IN (1, 2, 3, 4))`, [p2.id]);
    const b = newUuid('l2');
    expect((await lock(p2, b, 2311, 5, 3)).statusCode).toBe(200);
    expect((await lock(p2, b, 2311, 6, 3)).statusCode).toBe(200);
    expect((await check(p2, b)).json()).toMatchObject({ error: 'SINGLE_SEAT_GAP', suggestion: { x: 7, y: 3 } });
  });

  it('companion seat: refused alone, accepted beside the wheelchair space the visit holds, released with it', async () => {
    const p = await futurePresentation(get().db, 21, 1);
    const a = newUuid('c'), b = newUuid('c2');
    const alone = await lock(p, a, 2111, 2, 12);
    expect(alone.statusCode).toBe(409);
    expect(LockError.parse(alone.json())).toMatchObject({ error: 'COMPANION_ALONE', suggestion: { sectionId: 2111, x: 1, y: 12 } });
    expect(await held(p, a)).toEqual([]);
    expect((await lock(p, a, 2111, 1, 12)).statusCode).toBe(200);
    expect((await lock(p, a, 2111, 2, 12)).statusCode).toBe(200);
    expect(SelectionCheckResponse.parse((await check(p, a)).json()).seats).toBe(2);
    // another visit cannot take the companion seat beside a wheelchair space it does not hold
    const other = await lock(p, b, 2111, 20, 12);
    expect(other.json()).toMatchObject({ error: 'COMPANION_ALONE', suggestion: { x: 21, y: 12 } });
    const taken = await lock(p, b, 2111, 2, 12);
    expect(taken.statusCode).toBe(409);
    // giving the wheelchair space back releases its companion seat
    const un = await unlock(p, a, 2111, 1, 12);
    expect(un.statusCode).toBe(200);
    expect(await held(p, a)).toEqual([]);
    // a companion seat left alone by any other way is refused at Continue and at the sale
    await get().db.query(`INSERT INTO presentation_seats (presentation_id, section_id, x, y, status, holder_uuid, expires_at)
      VALUES ($1, 2111, 20, 12, 'held', $2, now() + interval '5 minutes')`, [p.id, b]);
    const orphan = await check(p, b);
    expect(orphan.statusCode).toBe(409);
    expect(LockError.parse(orphan.json())).toMatchObject({ error: 'COMPANION_ALONE', seat: { x: 20, y: 12 }, suggestion: { x: 21, y: 12 } });
  });

  it('best available "include a wheelchair space" returns and holds the wheelchair space with its companion seat', async () => {
    const p = await futurePresentation(get().db, 11, 2);
    const a = newUuid('b');
    const res = BestAvailableResponse.parse((await get().app.inject({
      url: `/api/seats/best-available?presentationId=${p.id}&quantity=2&accessible=1&isLock=1`, headers: { uuid: a },
    })).json());
    const m = res.matches[0]!;
    expect(m.locked).toBe(true);
    const h = m.seats.find((s) => s.isHandicap)!;
    const c = m.seats.find((s) => s.isCompanion)!;
    expect(h.YCoordinate).toBe(c.YCoordinate);
    expect(Math.abs(h.XCoordinate - c.XCoordinate)).toBe(1);
    for (const other of res.matches) {
      for (const s of other.seats.filter((x) => x.isCompanion)) {
        expect(other.seats.some((x) => x.isHandicap && Math.abs(x.XCoordinate - s.XCoordinate) === 1)).toBe(true);
      }
    }
    expect((await check(p, a)).statusCode).toBe(200);
  });
});
