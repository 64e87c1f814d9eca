import { describe, expect, it } from 'vitest';
import { CancelQuoteResponse, CancelReservationResponse, CustomerAreaDataResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { bookForCustomer, seat, V33 } from './orders-helpers.ts';
import { newCustomer, signIn, type SignedIn } from './customer-helpers.ts';
import { cancellationAmounts, loadCancellationSettings } from '../src/domains/customerarea/cancellation.ts';

describe('cancellation arithmetic: fixed, percentage and per-ticket fees; never more than the tickets', () => {
  it('fixed fee once per cancellation, shared over the tickets by price', () => {
    expect(cancellationAmounts({ kind: 'fixed', value: 1000 }, [4000, 4000])).toEqual({ fee: 1000, refund: 7000, shares: [500, 500] });
    expect(cancellationAmounts({ kind: 'fixed', value: 1000 }, [600])).toEqual({ fee: 600, refund: 0, shares: [600] });
    // the odd agora goes to the dearest ticket, never to a free one
    expect(cancellationAmounts({ kind: 'fixed', value: 1001 }, [0, 4000, 4000]).shares).toEqual([0, 501, 500]);
  });
  it('percentage rounded to whole agorot, per ticket', () => {
    expect(cancellationAmounts({ kind: 'percent', value: 10 }, [4500, 3950])).toEqual({ fee: 845, refund: 7605, shares: [450, 395] });
    expect(cancellationAmounts({ kind: 'percent', value: 15 }, [3333])).toEqual({ fee: 500, refund: 2833, shares: [500] });
  });
  it('per ticket, each at most what its ticket cost', () => {
    expect(cancellationAmounts({ kind: 'perTicket', value: 500 }, [4000, 4000])).toEqual({ fee: 1000, refund: 7000, shares: [500, 500] });
    expect(cancellationAmounts({ kind: 'perTicket', value: 500 }, [300, 300, 200])).toEqual({ fee: 800, refund: 0, shares: [300, 300, 200] });
  });
  it('a ticket that cost nothing adds no fee; the total is the same however the tickets are split (QA, eighteenth session)', () => {
    // a ₪0 member ticket cancelled with a ₪45 one cost ₪5 more than cancelling them one at a time
    expect(cancellationAmounts({ kind: 'perTicket', value: 500 }, [4500, 0])).toEqual({ fee: 500, refund: 4000, shares: [500, 0] });
    expect(cancellationAmounts({ kind: 'perTicket', value: 500 }, [0])).toEqual({ fee: 0, refund: 0, shares: [0] });
    expect(cancellationAmounts({ kind: 'percent', value: 12 }, [0]).fee).toBe(0);
    expect(cancellationAmounts({ kind: 'fixed', value: 1000 }, [0, 0]).fee).toBe(0);
    const prices = [4225, 4225, 1999, 0, 3333];
    for (const fee of [{ kind: 'perTicket', value: 500 }, { kind: 'percent', value: 12 }, { kind: 'percent', value: 15 }] as const) {
      const together = cancellationAmounts(fee, prices);
      const oneByOne = prices.map((p) => cancellationAmounts(fee, [p]));
      expect(together.fee, `${fee.kind} ${fee.value}`).toBe(oneByOne.reduce((a, r) => a + r.fee, 0));
      expect(together.refund).toBe(oneByOne.reduce((a, r) => a + r.refund, 0));
      expect(together.shares).toEqual(oneByOne.map((r) => r.fee));
    }
  });
  it('off by default in production, on in the demo, configurable', () => {
    expect(loadCancellationSettings({ NODE_ENV: 'production' }).enabled).toBe(false);
    expect(loadCancellationSettings({ NODE_ENV: 'development' }).enabled).toBe(true);
    expect(loadCancellationSettings({ NODE_ENV: 'development', CUSTOMER_CANCELLATION: 'off' }).enabled).toBe(false);
    expect(loadCancellationSettings({ NODE_ENV: 'production', CUSTOMER_CANCELLATION: 'on', CANCELLATION_FEE: 'percent:12' })).toEqual({ enabled: true, kind: 'percent', value: 12 });
  });
});

forEachEngine('customer area: data, cancellation, isolation between customers', (get) => {
  const book = (who: SignedIn, n: number, nth: number) => bookForCustomer(get(), who, n, nth, 'area');
  const cardOnly = (card: number) => ({ card, vouchers: [], voucherTickets: 0, memberTickets: 0, loyaltyPoints: 0, couponUses: 0 });
  const areaData = async (who?: SignedIn) => get().app.inject({ url: '/api/customer-area/customerAreaData', headers: { 'accept-language': 'en', ...(who ? { cookie: who.cookie } : {}) } });
  const cancel = (id: number, who: SignedIn | undefined, body: Record<string, unknown>, csrf = who?.csrf) =>
    get().app.inject({ method: 'POST', url: `/api/reservations/${id}/cancel`, payload: body, headers: { ...(who ? { cookie: who.cookie } : {}), ...(csrf ? { 'x-customer-csrf': csrf } : {}) } });

  it('a customer sees only their own reservations; cancels one ticket with the per-ticket fee, the seat is free at once', async () => {
    const { db } = get();
    const a = await signIn(get().app, await newCustomer(db, 'Alice'));
    const b = await signIn(get().app, await newCustomer(db, 'Bob'));
    expect((await areaData()).statusCode).toBe(401);
    const booked = await book(a, 2, 12);

    const mine = CustomerAreaDataResponse.parse((await areaData(a)).json()).customerAreaData;
    const res = mine.upcoming.find((r) => r.id === booked.id)!;
    expect(res.tickets).toHaveLength(2);
    expect(res.tickets.every((t) => t.cancellable)).toBe(true);
    expect(res.eTicketUrl).toMatch(/^\/edocument\//);
    expect(mine.cancellation).toEqual({ enabled: true, fee: { kind: 'perTicket', value: 5 } });
    const theirs = CustomerAreaDataResponse.parse((await areaData(b)).json()).customerAreaData;
    expect([...theirs.upcoming, ...theirs.past].some((r) => r.id === booked.id)).toBe(false);

    // B can never cancel A's reservation (not found, as if it did not exist); nobody cancels without the CSRF token
    expect((await cancel(booked.id, b, {})).json().error).toBe('ORDER_NOT_FOUND');
    expect((await cancel(booked.id, undefined, {})).statusCode).toBe(401);
    expect((await cancel(booked.id, a, {}, 'wrong')).json().error).toBe('CSRF');

    const ticket = res.tickets[0]!;
    const r = await cancel(booked.id, a, { itemsToCancel: [ticket.id], refundToTransactionCredit: true });
    expect(r.statusCode, r.body).toBe(200);
    const out = CancelReservationResponse.parse(r.json());
    // paid by card alone: all of it to the card (here the account credit, as asked)
    expect(out).toMatchObject({ cancelledItems: [ticket.id], ticketsAmount: ticket.price, fee: 5, refund: ticket.price - 5, refundToTransactionCredit: true, split: cardOnly(ticket.price - 5) });
    // the account credit is a voucher of the customer's, holding the card's part (eighteenth session: it existed nowhere)
    expect(out.credit).toMatchObject({ amount: ticket.price - 5, balance: ticket.price - 5 });
    // the seat is free: no live row for it any more, the other seat still sold
    const live = await db.query<{ x: number; y: number }>(`SELECT x, y FROM presentation_seats WHERE presentation_id = $1 AND section_id = $2 AND status = 'sold'
      AND (x, y) IN ((${booked.places[0]!.x}, ${booked.places[0]!.y}), (${booked.places[1]!.x}, ${booked.places[1]!.y}))`, [booked.p.id, V33.reserved]);
    expect(live.rows).toHaveLength(1);
    expect((await cancel(booked.id, a, { itemsToCancel: [ticket.id] })).json().error).toBe('NOTHING_TO_CANCEL');
    const after = CustomerAreaDataResponse.parse((await areaData(a)).json()).customerAreaData.upcoming.find((x) => x.id === booked.id)!;
    expect(after.tickets.map((t) => t.status).sort()).toEqual(['cancelled', 'sold']);
    expect(after.status).toBe('committed');
    // the rest: the reservation is cancelled as a whole
    const rest = CancelReservationResponse.parse((await cancel(booked.id, a, {})).json());
    expect(rest.cancelledItems).toEqual([res.tickets[1]!.id]);
    const { rows } = await db.query<{ status: string }>('SELECT status FROM reservations WHERE id = $1', [booked.id]);
    expect(rows[0]!.status).toBe('cancelled');
  });

  it('each ticket names its row and seat as its e-ticket does (the row\'s name, not its plan coordinate)', async () => {
    const { app, db } = get();
    const a = await signIn(app, await newCustomer(db, 'Erin'));
    const booked = await book(a, 2, 14);
    const res = CustomerAreaDataResponse.parse((await areaData(a)).json()).customerAreaData.upcoming.find((r) => r.id === booked.id)!;
    const { rows: [key] } = await db.query<{ document_key: string }>('SELECT document_key FROM reservations WHERE id = $1', [booked.id]);
    const doc = (await app.inject({ url: `/api/edocument/${key!.document_key}`, headers: { 'accept-language': 'en' } })).json() as
      { edocument: { tickets: Array<{ RowName: string | null; SeatName: string | null }> } };
    expect(res.tickets.map((t) => ({ row: t.row, seat: t.seat }))).toEqual(doc.edocument.tickets.map((t) => ({ row: t.RowName, seat: t.SeatName })));
    const { rows } = await db.query<{ row_name: string; seat_name: string }>(
      'SELECT row_name, seat_name FROM seats WHERE section_id = $1 AND x = $2 AND y = $3', [V33.reserved, booked.places[0]!.x, booked.places[0]!.y]);
    expect(rows[0]!.row_name).toMatch(/^[A-Z]$/);
    expect(res.tickets[0]).toMatchObject({ row: rows[0]!.row_name, seat: rows[0]!.seat_name });
    // a place with no seat (a streaming order, general admission) names no row or seat: not its plan coordinates
    await db.query('UPDATE reservation_tickets SET x = x + 1000 WHERE id = $1', [res.tickets[0]!.id]);
    const moved = CustomerAreaDataResponse.parse((await areaData(a)).json()).customerAreaData.upcoming.find((r) => r.id === booked.id)!;
    expect(moved.tickets.find((t) => t.id === res.tickets[0]!.id)).toMatchObject({ row: null, seat: null });
  });

  it('the cancel quote states the refund the cancel then gives; only the owner gets one; each card names its cinema and hall', async () => {
    const { app, db } = get();
    const a = await signIn(app, await newCustomer(db, 'Quinn'));
    const b = await signIn(app, await newCustomer(db, 'Rafi'));
    const booked = await book(a, 2, 15);
    const quote = (items: number[] | null, who?: SignedIn) => app.inject({
      url: `/api/reservations/${booked.id}/cancel-quote${items ? `?items=${items.join(',')}` : ''}`, headers: who ? { cookie: who.cookie } : {},
    });
    const res = CustomerAreaDataResponse.parse((await areaData(a)).json()).customerAreaData.upcoming.find((r) => r.id === booked.id)!;
    // the cinema and hall of the e-ticket
    const { rows: [names] } = await db.query<{ l: string; v: string }>(`SELECT l.name_en AS l, v.name_en AS v FROM presentations p
      JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id WHERE p.id = $1`, [booked.p.id]);
    expect(res).toMatchObject({ locationName: names!.l, venueName: names!.v });
    expect((await quote(null)).statusCode).toBe(401);
    expect((await quote(null, b)).json().error).toBe('ORDER_NOT_FOUND');
    expect((await app.inject({ url: `/api/reservations/${booked.id}/cancel-quote?items=1;2`, headers: { cookie: a.cookie } })).statusCode).toBe(400);
    const all = CancelQuoteResponse.parse((await quote(null, a)).json());
    const total = res.tickets[0]!.price + res.tickets[1]!.price;
    expect(all).toEqual({ ticketIds: res.tickets.map((t) => t.id), ticketsAmount: total, fee: 10, refund: total - 10, split: cardOnly(total - 10) });
    const one = CancelQuoteResponse.parse((await quote([res.tickets[0]!.id], a)).json());
    expect(one).toEqual({ ticketIds: [res.tickets[0]!.id], ticketsAmount: res.tickets[0]!.price, fee: 5, refund: res.tickets[0]!.price - 5, split: cardOnly(res.tickets[0]!.price - 5) });
    // a quote changes nothing; the cancel gives exactly what was quoted
    const done = CancelReservationResponse.parse((await cancel(booked.id, a, { itemsToCancel: [res.tickets[0]!.id] })).json());
    expect({ ticketsAmount: done.ticketsAmount, fee: done.fee, refund: done.refund, split: done.split }).toEqual({ ticketsAmount: one.ticketsAmount, fee: one.fee, refund: one.refund, split: one.split });
    expect((await quote([res.tickets[0]!.id], a)).json().error).toBe('NOTHING_TO_CANCEL');
  });

  it('a ticket id of another reservation is refused; unknown reservations are not found', async () => {
    const { db } = get();
    const a = await signIn(get().app, await newCustomer(db, 'Carol'));
    const b = await signIn(get().app, await newCustomer(db, 'Dave'));
    const ofB = await book(b, 1, 13);
    const ofA = await book(a, 1, 13);
    const bTicket = CustomerAreaDataResponse.parse((await areaData(b)).json()).customerAreaData.upcoming.find((r) => r.id === ofB.id)!.tickets[0]!;
    expect((await cancel(ofA.id, a, { itemsToCancel: [bTicket.id] })).json().error).toBe('ORDER_NOT_FOUND');
    expect((await cancel(999999, a, {})).json().error).toBe('ORDER_NOT_FOUND');
    const still = CustomerAreaDataResponse.parse((await areaData(b)).json()).customerAreaData.upcoming.find((r) => r.id === ofB.id)!;
    expect(still.tickets[0]!.status).toBe('sold');
  });
});
