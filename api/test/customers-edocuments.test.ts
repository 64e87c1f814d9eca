import { expect, it } from 'vitest';
import {
  CartResponse, CommitResponse, CustomerInfoResponse, DevSmsResponse, EDocumentResponse, MiniSiteResponse, MiniSiteValidateResponse, slugify, VodResponse,
} from '@ticketing/shared/contracts';
import { forEachEngine, lockBody } from './harness.ts';
import { commit, customerInfo, freeSeats, lock, login, newKey, newUuid, pay, postCart, presentation, seat, CUSTOMERS, V33 } from './orders-helpers.ts';
import { buildEDocument } from '../src/domains/edocuments/index.ts';
import { buildApp } from '../src/app.ts';

forEachEngine('customers, e-documents, mini-sites, video on demand', (get) => {
  const outbox = async (mobile: string) => DevSmsResponse.parse((await get().app.inject({ url: `/api/dev/sms-outbox?mobileNumber=${mobile}` })).json()).messages;

  it('SMS login: unknown number, invalid number, wrong code, attempts limit, session cookie, refresh, logout', async () => {
    const { app } = get();
    // an unknown number gets the same answer as a customer's (no SMS is sent; customer-auth.test.ts)
    expect((await app.inject({ method: 'POST', url: '/api/customer/mobile-login', payload: { mobileNumber: '0509999999' } })).json()).toEqual({ success: true });
    expect((await app.inject({ method: 'POST', url: '/api/customer/mobile-login', payload: { mobileNumber: '12345' } })).statusCode).toBe(400);
    const sent = await app.inject({ method: 'POST', url: '/api/customer/mobile-login', payload: { mobileNumber: '+972 52-765-4321' }, headers: { 'accept-language': 'he' } });
    expect(sent.json()).toEqual({ success: true });
    const [msg] = await outbox(CUSTOMERS.yossi);
    expect(msg!.body).toContain('קוד האימות');
    const wrong = String((Number(msg!.code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await app.inject({ method: 'POST', url: '/api/customer/mobile-login-validation-area', payload: { smsCode: wrong, mobileNumber: CUSTOMERS.yossi } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('INVALID_SMS_CODE');
    const ok = await app.inject({ method: 'POST', url: '/api/customer/mobile-login-validation-area', payload: { smsCode: msg!.code, mobileNumber: CUSTOMERS.yossi } });
    expect(ok.statusCode, ok.body).toBe(200);
    const info = CustomerInfoResponse.parse(ok.json()).customerInfo;
    expect(info).toMatchObject({ MobileNumber1: CUSTOMERS.yossi, hasActiveMembership: false });
    const setCookie = ([] as string[]).concat(ok.headers['set-cookie'] as string[]).find((c) => c.startsWith('tx_customer='))!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const cookie = setCookie.split(';')[0]!;
    // a code is used once
    expect((await app.inject({ method: 'POST', url: '/api/customer/mobile-login-validation-area', payload: { smsCode: msg!.code, mobileNumber: CUSTOMERS.yossi } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/customer/refresh', headers: { cookie } })).json().customerInfo.CustomerId).toBe(info.CustomerId);
    const csrf = ([] as string[]).concat(ok.headers['set-cookie'] as string[]).find((c) => c.startsWith('tx_customer_csrf='))!.split(';')[0]!;
    expect((await app.inject({ method: 'POST', url: '/api/customer/logout', headers: { cookie: `${cookie}; ${csrf}`, 'x-customer-csrf': csrf.split('=')[1] } })).json()).toEqual({ success: true });
    expect((await app.inject({ method: 'POST', url: '/api/customer/refresh', headers: { cookie } })).statusCode).toBe(401);

    // five wrong tries burn the code
    await app.inject({ method: 'POST', url: '/api/customer/mobile-login', payload: { mobileNumber: CUSTOMERS.miriam } });
    const [m2] = await outbox(CUSTOMERS.miriam);
    const w2 = String((Number(m2!.code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) await app.inject({ method: 'POST', url: '/api/customer/mobile-login-validation-area', payload: { smsCode: w2, mobileNumber: CUSTOMERS.miriam } });
    expect((await app.inject({ method: 'POST', url: '/api/customer/mobile-login-validation-area', payload: { smsCode: m2!.code, mobileNumber: CUSTOMERS.miriam } })).statusCode).toBe(401);
  });

  it('customer-area login remembers the number in a cookie; member data for prefill', async () => {
    const { app } = get();
    const s = await app.inject({ method: 'POST', url: '/api/customer-area/mobile-login', payload: { mobileNumber: CUSTOMERS.dana } });
    const pending = ([] as string[]).concat(s.headers['set-cookie'] as string[]).find((c) => c.startsWith('tx_login_mobile='))!.split(';')[0]!;
    const [m] = await outbox(CUSTOMERS.dana);
    const v = await app.inject({ method: 'POST', url: '/api/customer-area/mobile-login-validation', payload: { smsCode: m!.code }, headers: { cookie: pending } });
    expect(v.statusCode, v.body).toBe(200);
    const info = v.json().customerAreaInfo;
    expect(info.hasActiveMembership).toBe(true);
    expect(info.Members.find((x: { memberNumber: string }) => x.memberNumber === 'M1001')).toMatchObject({ isAvailable: true, allowMemberSaleTickets: true });
    expect((await app.inject({ method: 'POST', url: '/api/customer-area/mobile-login-validation', payload: { smsCode: '123456' } })).statusCode).toBe(401);
  });

  it('the development SMS outbox does not exist outside demo mode', async () => {
    const prod = await buildApp({ db: get().db, sweepIntervalMs: 0, demo: false });
    expect((await prod.inject({ url: `/api/dev/sms-outbox?mobileNumber=${CUSTOMERS.dana}` })).statusCode).toBe(404);
    await prod.close();
  });

  it('e-document states: valid, scanned, past (grace 0), cancelled, not found; calendar file; send by SMS', async () => {
    const { app, db } = get();
    const p = await presentation(get(), V33.venue, 13);
    const uuid = newUuid('doc');
    const [a] = await freeSeats(get(), p, V33.reserved, 1);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const cart = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], customerInfo: customerInfo() };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    const { sessionId } = await pay(app, uuid, order.amountDue);
    const res = CommitResponse.parse((await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId })).json());
    const doc = async (lang = 'en') => EDocumentResponse.parse((await app.inject({ url: `/api/edocument/${res.documentKey}`, headers: { 'accept-language': lang } })).json()).edocument;
    const d = await doc();
    expect(d).toMatchObject({ state: 'valid', venueName: 'Hall 3 (mixed)', locationName: 'Jerusalem Cinema', entrance: 'Seated', isHold: false });
    expect(d.time).toMatch(/^\d{2}:\d{2}$/);
    expect((await doc('he')).venueName).toBe('אולם 3 (משולב)');
    // past: one minute after the start (grace 0)
    const start = new Date(d.dateTime);
    expect((await buildEDocument(db, res.documentKey, 'en', new Date(start.getTime() - 1000))).state).toBe('valid');
    expect((await buildEDocument(db, res.documentKey, 'en', new Date(start.getTime() + 60_000))).state).toBe('past');
    await db.query(`UPDATE reservation_tickets SET scanned_at = now() WHERE ticket_identifier = $1`, [res.ticketIdentifiers[0]]);
    expect((await doc()).state).toBe('scanned');
    const ics = await app.inject({ url: `/api/edocument/${res.documentKey}/calendar.ics` });
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain(`UID:${res.reservationIdentifier}@ticketing`);
    expect(ics.body).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    // in the page's language (?lang=), whatever language the browser's download request says
    const en = await app.inject({ url: `/api/edocument/${res.documentKey}/calendar.ics?lang=en`, headers: { 'accept-language': 'he-IL' } });
    expect(en.body).toContain('LOCATION:Hall 3 (mixed)\\, Jerusalem Cinema');
    const heIcs = await app.inject({ url: `/api/edocument/${res.documentKey}/calendar.ics?lang=he`, headers: { 'accept-language': 'en-US' } });
    expect(heIcs.body).toContain('LOCATION:אולם 3 (משולב)');
    // sent by SMS only for the visit (or customer) that made it
    const other = await app.inject({ method: 'POST', url: `/api/reservations/${res.reservationIdentifier}/sendTickets`, payload: { mobileNumber: '0501112233' }, headers: { uuid: newUuid('x') } });
    expect(other.statusCode).toBe(404);
    const sent = await app.inject({ method: 'POST', url: `/api/reservations/${res.reservationIdentifier}/sendTickets`, payload: { mobileNumber: '0501112233' }, headers: { uuid } });
    expect(sent.json()).toEqual({ success: true });
    expect((await outbox('0501112233'))[0]!.body).toContain(`/edocument/${res.documentKey}`);
    await db.query(`UPDATE reservations SET status = 'cancelled' WHERE identifier = $1`, [res.reservationIdentifier]);
    expect((await doc()).state).toBe('cancelled');
    const nf = await app.inject({ url: '/api/edocument/no-such-document-key' });
    expect(nf.statusCode).toBe(404);
    expect(nf.json().error).toBe('ORDER_NOT_FOUND');
  });

  it('mini-sites: two partners by slug, reference validation, referral stored on the reservation', async () => {
    const { app, db } = get();
    expect(slugify('Haifa Teachers Union')).toBe('haifa-teachers-union');
    const a = MiniSiteResponse.parse((await app.inject({ url: '/api/mini-site/tel-aviv-film-club', headers: { 'accept-language': 'en' } })).json()).miniSite;
    expect(a).toMatchObject({ URL: 'tel-aviv-film-club', name: 'Tel Aviv Film Club', PresentationList: 'list', requiresReference: false });
    const b = MiniSiteResponse.parse((await app.inject({ url: '/api/mini-site/haifa-teachers-union', headers: { 'accept-language': 'he' } })).json()).miniSite;
    expect(b).toMatchObject({ id: 2, PresentationList: 'byFeature', requiresReference: true, referenceTicketCodes: ['employee'], name: 'הסתדרות המורים חיפה' });
    expect((await app.inject({ url: '/api/mini-site/nope' })).statusCode).toBe(404);

    const p = await presentation(get(), 21, 20);
    const employee = 100000 + 211 * 10 + 3;
    const v = (qs: string) => app.inject({ method: 'POST', url: '/api/mini-site/validate/haifa-teachers-union', payload: { ticketId: employee, ...Object.fromEntries(new URLSearchParams(qs)) } });
    expect(MiniSiteValidateResponse.parse((await v('reference1=T1001&reference2=HTU')).json())).toEqual({ TicketId: employee, Balance: 4 });
    expect(MiniSiteValidateResponse.parse((await v('reference1=T1003&reference2=HTU')).json()).Balance).toBe(0);
    expect((await v('reference1=T9999&reference2=HTU')).json().error).toBe('refPromptOptNotFound');

    const uuid = newUuid('ms');
    const [s1] = await freeSeats(get(), p, 2111, 1);
    await lock(app, p, uuid, 2111, s1!.x, s1!.y);
    const mk = (ref1: string) => ({ seats: [seat(p, 2111, s1!.x, s1!.y, employee, { ref1, ref2: 'HTU' })], customerInfo: customerInfo() });
    const miniSiteUrl = 'haifa-teachers-union';
    expect((await postCart(app, mk('T1003'), { miniSiteUrl })).json().error).toBe('refPromptOptError');
    expect((await postCart(app, mk('T9999'), { miniSiteUrl })).json().error).toBe('refPromptOptNotFound');
    const order = CartResponse.parse((await postCart(app, mk('T1002'), { miniSiteUrl })).json()).order;
    expect(order.referralMiniSiteId).toBe(2);
    const { sessionId } = await pay(app, uuid, order.amountDue);
    const res = CommitResponse.parse((await commit(app, uuid, newKey(), { ...mk('T1002'), paymentIdentifier: sessionId }, { miniSiteUrl })).json());
    const { rows } = await db.query<{ referral_mini_site_id: number }>('SELECT referral_mini_site_id FROM reservations WHERE identifier = $1', [res.reservationIdentifier]);
    expect(rows[0]!.referral_mini_site_id).toBe(2);
    expect(MiniSiteValidateResponse.parse((await v('reference1=T1002&reference2=HTU')).json()).Balance).toBe(0);
    expect((await postCart(app, mk('T1002'), { miniSiteUrl })).json().error).toBe('refPromptOptError');
    expect((await postCart(app, mk('T1001'), { miniSiteUrl: 'no-such-partner' })).json().error).toBe('MINI_SITE_NOT_FOUND');
  });

  it('video on demand: /vod lists titles of venue types 101–104; bought through the same commit without seats; no holds', async () => {
    const { app } = get();
    const vod = VodResponse.parse((await app.inject({ url: '/api/vod', headers: { 'accept-language': 'en' } })).json()).titles;
    expect(vod.length).toBeGreaterThan(0);
    expect(vod.every((t) => t.venueTypeId >= 101 && t.venueTypeId <= 104)).toBe(true);
    const t = vod.find((x) => x.venueTypeId === 101)!;
    expect(t.clearsCart).toBe(true);
    expect(vod.find((x) => x.venueTypeId === 103)?.clearsCart).toBe(false);
    const ticket = t.tickets[0]!;
    const uuid = newUuid('vod');
    const cart = {
      seats: [{ XCoordinate: null, YCoordinate: null, ticket: { prsntId: t.presentationId, ticketId: ticket.id, sectionId: null } }],
      customerInfo: customerInfo(),
    };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    expect(order.presentations[0]!.isVod).toBe(true);
    expect(order.ticketsAmount).toBe(ticket.price);
    const dana = await login(app, CUSTOMERS.dana);
    expect((await postCart(app, { ...cart, isHold: true }, { cookie: dana })).json().error).toBe('HOLD_VOD');
    const { sessionId } = await pay(app, uuid, order.amountDue);
    // played from the customer area: nobody could watch an anonymous purchase
    const anonymous = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('VOD_LOGIN_REQUIRED');
    const r = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId }, { cookie: dana });
    expect(r.statusCode, r.body).toBe(200);
    const doc = EDocumentResponse.parse((await app.inject({ url: `/api/edocument/${r.json().documentKey}` })).json()).edocument;
    expect(doc).toMatchObject({ isVod: true, state: 'valid' });
  });

  it('video on demand bought as the order page does: a streaming place held while choosing how many, its coordinates in the cart; the sale leaves no hold', async () => {
    const { app, db } = get();
    const t = VodResponse.parse((await app.inject({ url: '/api/vod', headers: { 'accept-language': 'en' } })).json()).titles
      .find((x) => Date.parse(x.availableFrom) < Date.now())!; // already open: still on sale
    const { rows: [p] } = await db.query<{ venue_id: number; seatplan_id: number; section_id: number }>(`
      SELECT p.venue_id, p.seatplan_id, (SELECT min(id) FROM sections s WHERE s.seatplan_id = p.seatplan_id) AS section_id
      FROM presentations p WHERE p.id = $1`, [t.presentationId]);
    const uuid = newUuid('vod-page');
    const held = await app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid }, payload: lockBody({ id: t.presentationId, venueId: p!.venue_id, seatplanId: p!.seatplan_id }, p!.section_id, null, null) });
    expect(held.statusCode, held.body).toBe(200);
    const place = held.json().lockedSeat as { x: number; y: number };
    const ticket = t.tickets[0]!;
    const cart = {
      seats: [{ XCoordinate: place.x, YCoordinate: place.y, RowName: '', SeatName: '', ticket: { prsntId: t.presentationId, ticketId: ticket.id, sectionId: p!.section_id } }],
      customerInfo: customerInfo(),
    };
    const priced = await postCart(app, cart);
    expect(priced.statusCode, priced.body).toBe(200);
    const order = CartResponse.parse(priced.json()).order;
    expect(order.ticketsAmount).toBe(ticket.price);
    const { sessionId } = await pay(app, uuid, order.amountDue);
    const buyer = await login(app, CUSTOMERS.dana);
    const r = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId }, { cookie: buyer });
    expect(r.statusCode, r.body).toBe(200);
    // in the buyer's customer area, ready to play
    const area = await app.inject({ url: '/api/customer-area/vod', headers: { cookie: buyer, 'accept-language': 'en' } });
    expect(area.json().vod.find((v: { reservationIdentifier: string }) => v.reservationIdentifier === r.json().reservationIdentifier)).toMatchObject({ title: t.name, canPlay: true });
    const left = await db.query(`SELECT 1 FROM presentation_seats WHERE presentation_id = $1 AND holder_uuid = $2 AND status = 'held'`, [t.presentationId, uuid]);
    expect(left.rows).toHaveLength(0);
  });

  it('products have images', async () => {
    const r = await get().app.inject({ url: '/api/products/1/image', headers: { 'accept-language': 'en' } });
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.body).toContain('Small popcorn');
    expect((await get().app.inject({ url: '/api/products/999/image' })).statusCode).toBe(404);
  });
});
