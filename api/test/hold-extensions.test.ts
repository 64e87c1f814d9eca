import { expect, it } from 'vitest';
import { ExtendResponse, LockSeatResponse } from '@ticketing/shared/contracts';
import { forEachEngine, futurePresentation, lockBody, newUuid } from './harness.ts';

/** Issue 16 §4: up to ten extensions per order, each the step's own time, counted by the api across releases. */
forEachEngine('hold extensions (WCAG 2.2.1)', (get) => {
  const lock = (p: { id: number; venueId: number; seatplanId: number }, uuid: string, x: number) =>
    get().app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid }, payload: lockBody(p, 2111, x, 6) });
  /** The first seat of row 6 from x that this visit can hold (seeded advance sales take some seats). */
  const lockFree = async (p: { id: number; venueId: number; seatplanId: number }, uuid: string, from: number) => {
    for (let x = from; x < from + 20; x++) {
      const r = await lock(p, uuid, x);
      if (r.statusCode === 200) return { res: r, x };
    }
    return { res: await lock(p, uuid, from), x: from };
  };
  const extend = (presentationId: number, uuid: string, step?: string) =>
    get().app.inject({ method: 'PUT', url: '/api/seats/extend', headers: { uuid }, payload: { presentationId, ...(step ? { step } : {}) } });

  it('ten extensions, then the eleventh is refused; releasing the holds does not reset the count', async () => {
    const p = await futurePresentation(get().db, 21, 32);
    const uuid = newUuid('ext');
    const { res: first, x } = await lockFree(p, uuid, 5);
    expect(first.statusCode, first.body).toBe(200);
    expect(LockSeatResponse.parse(first.json()).seats).toHaveLength(1);
    for (let i = 1; i <= 5; i++) {
      const r = await extend(p.id, uuid);
      expect(r.statusCode, r.body).toBe(200);
      expect(ExtendResponse.parse(r.json()).extensionsLeft).toBe(10 - i);
    }
    // let the seats go and take them again: the same order keeps its count
    expect((await get().app.inject({ method: 'DELETE', url: `/api/seats/holds?presentationId=${p.id}`, headers: { uuid } })).statusCode).toBe(200);
    expect((await lock(p, uuid, x)).statusCode).toBe(200);
    for (let i = 6; i <= 10; i++) expect((await extend(p.id, uuid)).statusCode).toBe(200);
    const eleventh = await extend(p.id, uuid);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toBe('EXTEND_LIMIT');
    // another visit has its own ten
    const other = newUuid('ext');
    const { res: otherLock } = await lockFree(p, other, x + 2);
    expect(otherLock.statusCode, otherLock.body).toBe(200);
    expect(ExtendResponse.parse((await extend(p.id, other)).json()).extensionsLeft).toBe(9);
  });

  it("each extension is bounded by the step's own time; a refused one (nothing held) does not count", async () => {
    const p = await futurePresentation(get().db, 21, 33);
    await get().db.query('UPDATE presentations SET choose_seats_s = 300, customer_info_s = 120 WHERE id = $1', [p.id]);
    const uuid = newUuid('ext');
    const none = await extend(p.id, uuid);
    expect(none.json().error).toBe('HOLD_EXPIRED');
    const { res: held } = await lockFree(p, uuid, 5);
    expect(held.statusCode, held.body).toBe(200);
    const before = Date.now();
    const info = ExtendResponse.parse((await extend(p.id, uuid, 'customerInfo')).json());
    const granted = (Date.parse(info.expiresAt) - before) / 1000;
    expect(granted).toBeGreaterThan(110);
    expect(granted).toBeLessThanOrEqual(121);
    expect(info.extensionsLeft).toBe(9);
    const seats = ExtendResponse.parse((await extend(p.id, uuid)).json());
    expect((Date.parse(seats.expiresAt) - before) / 1000).toBeGreaterThan(290);
    expect((await extend(p.id, uuid, 'payment')).statusCode).toBe(400);
  });
});
