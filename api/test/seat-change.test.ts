import { expect, it } from 'vitest';
import { CommitResponse, SeatChangeInfo, SeatChangeResponse, type ModifyBlock } from '@ticketing/shared/contracts';
import { forEachEngine, lockBody } from './harness.ts';
import { commit, customerInfo, freeSeats, lock, newKey, newUuid, pay, postCart, presentation, seat, V33, type P } from './orders-helpers.ts';

/**
 * Seat change of an existing reservation (issue 16 item 5, the cart's modify block): same presentation and
 * price level, held first, committed atomically (old seats freed, new sold, same reservation, e-ticket
 * updated); refused when stale, of another price level, or when a concurrent booking took the new seats.
 */
forEachEngine('seat change', (get) => {
  async function buy(p: P, n: number): Promise<{ res: CommitResponse; seats: Array<{ x: number; y: number }> }> {
    const { app } = get();
    const uuid = newUuid('buy');
    const seats = await freeSeats(get(), p, V33.reserved, n);
    for (const s of seats) await lock(app, p, uuid, V33.reserved, s.x, s.y);
    const cart = { seats: seats.map((s) => seat(p, V33.reserved, s.x, s.y, V33.regular)), customerInfo: customerInfo() };
    const priced = await postCart(app, cart);
    expect(priced.statusCode, priced.body).toBe(200);
    const { sessionId } = await pay(app, uuid, priced.json().order.amountDue);
    const c = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId });
    expect(c.statusCode, c.body).toBe(200);
    return { res: CommitResponse.parse(c.json()), seats };
  }
  const info = async (key: string) => SeatChangeInfo.parse((await get().app.inject({ url: `/api/edocument/${key}/seat-change` })).json());
  const modify = (uuid: string, m: ModifyBlock) => get().app.inject({ method: 'POST', url: '/api/reservations/modify', headers: { uuid }, payload: { modify: m } });
  const soldTo = async (p: P, x: number, y: number) => (await get().db.query<{ reservation_id: string | null; status: string }>(
    'SELECT reservation_id, status FROM presentation_seats WHERE presentation_id = $1 AND section_id = $2 AND x = $3 AND y = $4', [p.id, V33.reserved, x, y])).rows[0];

  it('changes a seat atomically: new seat sold to the same reservation, old seat free, e-ticket updated, stale id refused', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 3);
    const { res, seats: [old] } = await buy(p, 1);
    const before = await info(res.documentKey);
    expect(before).toMatchObject({ allowed: true, reason: null, presentationId: p.id, exchangeWindowDays: 30 });
    expect(before.tickets).toEqual([expect.objectContaining({ sectionId: V33.reserved, x: old!.x, y: old!.y })]);
    const uuid = newUuid('chg');
    const [to] = await freeSeats(get(), p, V33.reserved, 1, { skip: 3 });
    await lock(app, p, uuid, V33.reserved, to!.x, to!.y);
    const m: ModifyBlock = { resId: res.reservationIdentifier, lastTransactionId: before.lastTransactionId, tickets: [
      { presentationId: p.id, sectionId: V33.reserved, x: old!.x, y: old!.y, newSeat: { sectionId: V33.reserved, x: to!.x, y: to!.y } }] };
    const r = await modify(uuid, m);
    expect(r.statusCode, r.body).toBe(200);
    const body = SeatChangeResponse.parse(r.json());
    expect(body.reservationIdentifier).toBe(res.reservationIdentifier);
    expect(body.tickets).toEqual([expect.objectContaining({ ticketIdentifier: res.ticketIdentifiers[0], x: to!.x, y: to!.y })]);
    expect(await soldTo(p, to!.x, to!.y)).toEqual({ reservation_id: res.reservationIdentifier, status: 'sold' });
    expect(await soldTo(p, old!.x, old!.y)).toBeUndefined();
    // the e-ticket shows the new seat
    const doc = ((await app.inject({ url: `/api/edocument/${res.documentKey}`, headers: { 'accept-language': 'en' } })).json() as { edocument: { reservationIdentifier: string; tickets: Array<{ RowName: string; SeatName: string }> } }).edocument;
    expect(doc.reservationIdentifier).toBe(res.reservationIdentifier);
    const { rows } = await get().db.query<{ row_name: string; seat_name: string }>('SELECT row_name, seat_name FROM seats WHERE section_id = $1 AND x = $2 AND y = $3', [V33.reserved, to!.x, to!.y]);
    expect(doc.tickets[0]).toMatchObject({ RowName: rows[0]!.row_name, SeatName: rows[0]!.seat_name });
    // the same request again names a transaction that is no longer the reservation's last
    expect((await modify(uuid, m)).json().error).toBe('MODIFY_STALE');
    expect((await info(res.documentKey)).lastTransactionId).toBe(body.lastTransactionId);
  });

  it('keeps one seat and moves the other: a change names only the ticket that moves (the seat change page\'s "choose it again")', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 6);
    const { res, seats: [keep, move] } = await buy(p, 2);
    const before = await info(res.documentKey);
    const at = (s: { x: number; y: number }) => (t: { x: number; y: number }) => t.x === s.x && t.y === s.y;
    const kept = before.tickets.find(at(keep!))!;
    const uuid = newUuid('keep');
    const [to] = await freeSeats(get(), p, V33.reserved, 1, { skip: 6 });
    await lock(app, p, uuid, V33.reserved, to!.x, to!.y);
    const r = await modify(uuid, { resId: res.reservationIdentifier, lastTransactionId: before.lastTransactionId, tickets: [
      { presentationId: p.id, sectionId: V33.reserved, x: move!.x, y: move!.y, newSeat: { sectionId: V33.reserved, x: to!.x, y: to!.y } }] });
    expect(r.statusCode, r.body).toBe(200);
    const after = SeatChangeResponse.parse(r.json()).tickets;
    expect(after).toHaveLength(2);
    // the kept seat is still the same ticket's, sold to the same reservation; only the other seat moved
    expect(after.find(at(keep!))).toMatchObject({ ticketIdentifier: kept.ticketIdentifier });
    expect(after.find(at(to!))).toBeDefined();
    expect(await soldTo(p, keep!.x, keep!.y)).toEqual({ reservation_id: res.reservationIdentifier, status: 'sold' });
    expect(await soldTo(p, to!.x, to!.y)).toEqual({ reservation_id: res.reservationIdentifier, status: 'sold' });
    expect(await soldTo(p, move!.x, move!.y)).toBeUndefined();
  });

  it('tickets without a ticket identifier (seeded demo orders, older sales): the info and the change answer 200, never 500', async () => {
    const { app, db } = get();
    // the demo order of the customer area (eli@example.com, C920011) that QA opened from the area
    const { rows: demo } = await db.query<{ document_key: string }>(`SELECT document_key FROM reservations WHERE identifier = 'C920011'`);
    expect(demo[0], 'the seed has the customer area order C920011').toBeDefined();
    const seeded = await get().app.inject({ url: `/api/edocument/${demo[0]!.document_key}/seat-change` });
    expect(seeded.statusCode, seeded.body).toBe(200);
    expect(SeatChangeInfo.parse(seeded.json())).toMatchObject({ reservationIdentifier: 'C920011', allowed: true, reason: null });

    const p = await presentation(get(), V33.venue, 3);
    const { res, seats: [old] } = await buy(p, 1);
    await db.query('UPDATE reservation_tickets rt SET ticket_identifier = NULL FROM reservations r WHERE r.id = rt.reservation_id AND r.identifier = $1', [res.reservationIdentifier]);
    const got = await app.inject({ url: `/api/edocument/${res.documentKey}/seat-change` });
    expect(got.statusCode, got.body).toBe(200);
    const before = SeatChangeInfo.parse(got.json());
    expect(before).toMatchObject({ allowed: true, reason: null });
    expect(before.tickets).toEqual([expect.objectContaining({ ticketIdentifier: '', x: old!.x, y: old!.y })]);
    const uuid = newUuid('noid');
    const [to] = await freeSeats(get(), p, V33.reserved, 1, { skip: 2 });
    await lock(app, p, uuid, V33.reserved, to!.x, to!.y);
    const r = await modify(uuid, { resId: res.reservationIdentifier, lastTransactionId: before.lastTransactionId, tickets: [
      { presentationId: p.id, sectionId: V33.reserved, x: old!.x, y: old!.y, newSeat: { sectionId: V33.reserved, x: to!.x, y: to!.y } }] });
    expect(r.statusCode, r.body).toBe(200);
    expect(SeatChangeResponse.parse(r.json()).tickets).toEqual([expect.objectContaining({ ticketIdentifier: '', x: to!.x, y: to!.y })]);
  });

  it('refuses another price level and seats the visit does not hold', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 4);
    const { res, seats: [old] } = await buy(p, 1);
    const { lastTransactionId } = await info(res.documentKey);
    const uuid = newUuid('lvl');
    const [premium] = await freeSeats(get(), p, V33.reserved, 1, { premium: true });
    await lock(app, p, uuid, V33.reserved, premium!.x, premium!.y);
    const move = (to: { x: number; y: number }): ModifyBlock => ({ resId: res.reservationIdentifier, lastTransactionId, tickets: [
      { presentationId: p.id, sectionId: V33.reserved, x: old!.x, y: old!.y, newSeat: { sectionId: V33.reserved, ...to } }] });
    const lvl = await modify(uuid, move(premium!));
    expect(lvl.statusCode).toBe(409);
    expect(lvl.json().error).toBe('MODIFY_PRICE_LEVEL');
    const [notHeld] = await freeSeats(get(), p, V33.reserved, 1, { skip: 5 });
    expect((await modify(uuid, move(notHeld!))).json().error).toBe('HOLD_EXPIRED');
    // nothing changed
    expect(await soldTo(p, old!.x, old!.y)).toEqual({ reservation_id: res.reservationIdentifier, status: 'sold' });
  });

  it('a seat change commit under concurrent booking of the new seats: exactly one of them gets the seat', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 5);
    const { res, seats: [old] } = await buy(p, 1);
    const { lastTransactionId } = await info(res.documentKey);
    const changer = newUuid('race-c');
    const [to] = await freeSeats(get(), p, V33.reserved, 1, { skip: 4 });
    await lock(app, p, changer, V33.reserved, to!.x, to!.y);
    // the hold runs out; another visit locks and buys the seat while the change is committed
    await get().db.query(`UPDATE presentation_seats SET expires_at = now() - interval '1 second'
      WHERE presentation_id = $1 AND section_id = $2 AND x = $3 AND y = $4`, [p.id, V33.reserved, to!.x, to!.y]);
    const buyer = newUuid('race-b');
    const cart = { seats: [seat(p, V33.reserved, to!.x, to!.y, V33.regular)], customerInfo: customerInfo() };
    const [change, bought] = await Promise.all([
      modify(changer, { resId: res.reservationIdentifier, lastTransactionId, tickets: [
        { presentationId: p.id, sectionId: V33.reserved, x: old!.x, y: old!.y, newSeat: { sectionId: V33.reserved, x: to!.x, y: to!.y } }] }),
      (async () => {
        const l = await app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid: buyer }, payload: lockBody(p, V33.reserved, to!.x, to!.y) });
        if (l.statusCode !== 200) return l;
        const { sessionId } = await pay(app, buyer, (await postCart(app, cart)).json().order.amountDue);
        return commit(app, buyer, newKey(), { ...cart, paymentIdentifier: sessionId });
      })(),
    ]);
    const winners = [change.statusCode === 200, bought.statusCode === 200].filter(Boolean);
    expect(winners).toHaveLength(1);
    const seatRow = await soldTo(p, to!.x, to!.y);
    expect(seatRow?.status).toBe('sold');
    if (change.statusCode === 200) {
      expect(seatRow!.reservation_id).toBe(res.reservationIdentifier);
      expect(await soldTo(p, old!.x, old!.y)).toBeUndefined();
    } else {
      expect(change.json().error).toBe('HOLD_EXPIRED');
      expect(seatRow!.reservation_id).not.toBe(res.reservationIdentifier);
      // the failed change left the reservation as it was
      expect(await soldTo(p, old!.x, old!.y)).toEqual({ reservation_id: res.reservationIdentifier, status: 'sold' });
    }
    const { rows } = await get().db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reservation_tickets
      WHERE presentation_id = $1 AND section_id = $2 AND x = $3 AND y = $4 AND status = 'sold'`, [p.id, V33.reserved, to!.x, to!.y]);
    expect(rows[0]!.n).toBe(1);
  });
});
