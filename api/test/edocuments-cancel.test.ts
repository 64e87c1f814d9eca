import { describe, expect, it } from 'vitest';
import { CancelReservationResponse, CustomerAreaDataResponse, EDocumentResponse, QrVerifyResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { bookForCustomer } from './orders-helpers.ts';
import { newCustomer, signIn, type SignedIn } from './customer-helpers.ts';
import { STAFF_USERS } from '../src/seed/sales.ts';
import { keptTotalAgorot } from '../src/domains/edocuments/index.ts';

describe('what an order stands at after cancellations', () => {
  const tickets = [{ id: 1, status: 'sold', priceAgorot: 6800 }, { id: 2, status: 'cancelled', priceAgorot: 6800 }];
  it('less the recorded refund; less the price of a cancelled ticket no refund record covers; a released hold 0', () => {
    expect(keptTotalAgorot({ totalAgorot: 13600, isHold: false, orderCancelled: false, tickets, refunds: [{ ticketIds: [2], refundAgorot: 6300 }] }))
      .toEqual({ kept: 7300, refunded: 6300 });
    expect(keptTotalAgorot({ totalAgorot: 13600, isHold: false, orderCancelled: false, tickets, refunds: [] })).toEqual({ kept: 6800, refunded: 0 });
    // refund split in two records (voucher part, card part) for the same ticket: both count, the ticket once
    expect(keptTotalAgorot({ totalAgorot: 13600, isHold: false, orderCancelled: false, tickets, refunds: [{ ticketIds: [2], refundAgorot: 3000 }, { ticketIds: [2], refundAgorot: 3300 }] }))
      .toEqual({ kept: 7300, refunded: 6300 });
    expect(keptTotalAgorot({ totalAgorot: 13600, isHold: true, orderCancelled: true, tickets: tickets.map((t) => ({ ...t, status: 'cancelled' })), refunds: [] }))
      .toEqual({ kept: 0, refunded: 0 });
  });
});

forEachEngine('e-ticket and staff verify after a cancellation in the customer area', (get) => {
  const book = (who: SignedIn, n: number, nth: number) => bookForCustomer(get(), who, n, nth, 'edcx');
  const cancel = (id: number, who: SignedIn, body: Record<string, unknown>) => get().app.inject({
    method: 'POST', url: `/api/reservations/${id}/cancel`, payload: body, headers: { cookie: who.cookie, 'x-customer-csrf': who.csrf },
  });
  const edoc = async (key: string) => EDocumentResponse.parse((await get().app.inject({ url: `/api/edocument/${key}`, headers: { 'accept-language': 'en' } })).json()).edocument;
  const staffCookie = async (username: string) => {
    const u = STAFF_USERS.find((x) => x.username === username)!;
    const login = await get().app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: u.username, password: u.password }, remoteAddress: '10.16.0.7' });
    expect(login.statusCode, login.body).toBe(200);
    return ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  };
  const verify = (token: string, cookie: string) => get().app.inject({ url: `/api/staff/eticket/verify?token=${encodeURIComponent(token)}`, headers: { cookie } });

  it('one of two cancelled: listed as cancelled, out of the QR, the total less the refund; the old code refused; the rest: no code at all', async () => {
    const { app, db } = get();
    const a = await signIn(app, await newCustomer(db, 'Edna'));
    const booked = await book(a, 2, 18);
    const own = STAFF_USERS.find((u) => u.businessIds.includes(booked.business_id as never))!;
    const other = STAFF_USERS.find((u) => !u.businessIds.includes(booked.business_id as never))!;
    const [mine, theirs] = [await staffCookie(own.username), await staffCookie(other.username)];

    const before = await edoc(booked.documentKey);
    expect(before.tickets.map((t) => t.isCancelled)).toEqual([false, false]);
    expect(before.totalAmount).toBe(booked.total_agorot / 100);
    expect(before.refundedAmount).toBe(0);
    const oldToken = before.qrToken!;
    expect(QrVerifyResponse.parse((await verify(oldToken, mine)).json())).toMatchObject({ valid: true, reason: null, state: 'valid' });
    // staff of another business: not found, as the other staff calls answer (it answered valid: true)
    const foreign = await verify(oldToken, theirs);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('NOT_FOUND');

    const area = CustomerAreaDataResponse.parse((await app.inject({ url: '/api/customer-area/customerAreaData', headers: { cookie: a.cookie } })).json());
    const first = area.customerAreaData.upcoming.find((r) => r.id === booked.id)!.tickets[0]!;
    const out = CancelReservationResponse.parse((await cancel(booked.id, a, { itemsToCancel: [first.id] })).json());

    const partial = await edoc(booked.documentKey);
    expect(partial.state).toBe('valid');
    expect(partial.tickets).toHaveLength(2);
    expect(partial.tickets.map((t) => t.isCancelled)).toEqual([true, false]);
    expect(partial.refundedAmount).toBe(out.refund);
    expect(partial.totalAmount).toBeCloseTo(booked.total_agorot / 100 - out.refund, 2);
    expect(partial.totalAmount).toBeLessThan(before.totalAmount);
    // the new code admits the remaining ticket only; the code printed before the cancel is refused
    const newToken = partial.qrToken!;
    expect(newToken).not.toBe(oldToken);
    const now = QrVerifyResponse.parse((await verify(newToken, mine)).json());
    expect(now).toMatchObject({ valid: true, reason: null });
    expect(now.ticketIdentifiers).toEqual([partial.tickets[1]!.ticketIdentifier]);
    expect(QrVerifyResponse.parse((await verify(oldToken, mine)).json())).toMatchObject({ valid: false, reason: 'TICKET_CANCELLED', state: 'valid' });

    const rest = CancelReservationResponse.parse((await cancel(booked.id, a, {})).json());
    const gone = await edoc(booked.documentKey);
    expect(gone).toMatchObject({ state: 'cancelled', isCancelled: true, qrToken: null, qrSvg: null });
    expect(gone.tickets.every((t) => t.isCancelled)).toBe(true);
    expect(gone.refundedAmount).toBeCloseTo(out.refund + rest.refund, 2);
    expect(gone.totalAmount).toBeCloseTo(booked.total_agorot / 100 - out.refund - rest.refund, 2);
    expect(QrVerifyResponse.parse((await verify(newToken, mine)).json())).toMatchObject({ valid: false, reason: 'CANCELLED', state: 'cancelled' });
    expect((await verify(newToken, theirs)).statusCode).toBe(404);
  });
});
