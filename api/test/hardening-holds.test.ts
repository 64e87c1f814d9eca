/**
 * Issue 13 point 5: holds cannot be squatted. Limits per visit id and per client address (the real
 * address behind a trusted proxy only), best available with isLock=1 under the same limits, a hold's
 * expiry never restarted by releasing and re-locking, maxSeats checked before any per-seat work.
 */
import { expect, it } from 'vitest';
import { LockSeatResponse } from '@ticketing/shared/contracts';
import { buildApp } from '../src/app.ts';
import { forEachEngine, futurePresentation, lockBody, newUuid } from './harness.ts';

forEachEngine('hardening: hold squatting', (get) => {
  const best = (pid: number, uuid: string, quantity: number, remoteAddress: string, headers: Record<string, string> = {}) =>
    get().app.inject({ url: `/api/seats/best-available?presentationId=${pid}&quantity=${quantity}&isLock=1`, headers: { uuid, ...headers }, remoteAddress });
  const heldSeats = async (pid: number) => (await get().db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM presentation_seats WHERE presentation_id = $1 AND status = 'held' AND expires_at > now()`, [pid])).rows[0]!.n;

  it('a fresh visit id per request cannot block a hall: best-available isLock=1 × 20 from one address holds at most 4 × maxSeats', async () => {
    const p = await futurePresentation(get().db, 21, 20);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await best(p.id, newUuid('squat'), 10, '10.66.0.1')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
    expect(await heldSeats(p.id)).toBe(40);
    const refused = await best(p.id, newUuid('squat'), 1, '10.66.0.1');
    expect(refused.json().error).toBe('HOLD_LIMIT');
    // lock-seat is under the same limit
    const one = await get().app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid: newUuid('squat') }, payload: lockBody(p, 2111, 1, 1), remoteAddress: '10.66.0.1' });
    expect(one.statusCode).toBe(429);
    // another visitor (address) is not affected
    expect((await best(p.id, newUuid('other'), 2, '10.66.0.2')).statusCode).toBe(200);
  });

  it('maxSeats is checked before any per-seat work: isLock=1 with quantity 50 is refused at once', async () => {
    const p = await futurePresentation(get().db, 21, 21);
    const before = await heldSeats(p.id); // seeded hold orders may hold seats of it already
    const r = await best(p.id, newUuid('big'), 50, '10.66.1.1');
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe('MAX_SEATS');
    expect(await heldSeats(p.id)).toBe(before);
  });

  it('X-Forwarded-For counts only from a trusted proxy', async () => {
    const p = await futurePresentation(get().db, 21, 22);
    const app = await buildApp({ db: get().db, sweepIntervalMs: 0, trustProxy: '127.0.0.1', demo: false });
    try {
      const viaProxy = (xff: string, remoteAddress: string) => app.inject({
        url: `/api/seats/best-available?presentationId=${p.id}&quantity=10&isLock=1`, headers: { uuid: newUuid('xff'), 'x-forwarded-for': xff }, remoteAddress,
      });
      // a client that is not the proxy cannot pose as many addresses: all its requests count as its own
      const spoofed: number[] = [];
      for (let i = 0; i < 6; i++) spoofed.push((await viaProxy(`10.77.0.${i + 1}`, '10.66.2.1')).statusCode);
      expect(spoofed.filter((s) => s === 200)).toHaveLength(4);
      // behind the trusted proxy (nginx on 127.0.0.1) each real client has its own limit
      expect((await viaProxy('10.77.1.1', '127.0.0.1')).statusCode).toBe(200);
      expect((await viaProxy('10.77.1.2', '127.0.0.1')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('releasing and re-locking never restarts the hold timer', async () => {
    const p = await futurePresentation(get().db, 21, 23);
    const uuid = newUuid('relock');
    // a free seat of this presentation (the seeded sales took some)
    const found = await best(p.id, uuid, 1, '10.66.3.1');
    expect(found.statusCode, found.body).toBe(200);
    const seat = found.json().matches[0].seats[0] as { VenueSectionId: number; XCoordinate: number; YCoordinate: number };
    const lock = () => get().app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid },
      payload: lockBody(p, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate), remoteAddress: '10.66.3.1' });
    const r1 = await lock();
    expect(r1.statusCode, r1.body).toBe(200);
    const first = LockSeatResponse.parse(r1.json());
    // the visit's window is moved 9 minutes into the past, as if the seat had been held that long
    await get().db.query(`UPDATE presentation_seats SET expires_at = expires_at - interval '9 minutes' WHERE presentation_id = $1 AND holder_uuid = $2`, [p.id, uuid]);
    await get().db.query(`UPDATE hold_visits SET window_expires_at = window_expires_at - interval '9 minutes' WHERE presentation_id = $1 AND holder_uuid = $2`, [p.id, uuid]);
    const del = await get().app.inject({ method: 'DELETE', url: `/api/seats/holds?presentationId=${p.id}`, headers: { uuid }, remoteAddress: '10.66.3.1' });
    expect(del.statusCode).toBe(200);
    const again = LockSeatResponse.parse((await lock()).json());
    const left = new Date(again.expiresAt).getTime() - Date.now();
    expect(left).toBeLessThanOrEqual(60_000 + 1000);
    expect(new Date(again.expiresAt).getTime()).toBe(new Date(first.expiresAt).getTime() - 9 * 60_000);
  });
});
