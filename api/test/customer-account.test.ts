import { describe, expect, it } from 'vitest';
import {
  AreaVodResponse, CustomerInfoResponse, CustomerLocationsResponse, LoginOptionsResponse, VodPlayResponse, VoucherActionResponse, VoucherHistoryResponse,
} from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { cookiesOf, lastCode, newAddress, newCustomer, signIn, uniq, type SignedIn } from './customer-helpers.ts';
import { hashPassword, loginIdentifiers } from '../src/domains/customers/identify.ts';
import { israeliIdFrom } from '../src/seed/orders.ts';

describe('sign-in identifiers: configuration', () => {
  it('mobile always; ID number on by default; member number off unless configured (on in the demo)', () => {
    expect(loginIdentifiers(false, {})).toEqual(['mobile', 'ssn']);
    expect(loginIdentifiers(true, {})).toEqual(['mobile', 'ssn', 'memberNumber']);
    expect(loginIdentifiers(false, { CUSTOMER_LOGIN_IDENTIFIERS: 'memberNumber' })).toEqual(['mobile', 'memberNumber']);
  });
});

forEachEngine('customer account: identifiers, password, locations, vouchers, video on demand, details', (get) => {
  const post = (url: string, payload: unknown, who?: SignedIn, extra: Record<string, string> = {}) => get().app.inject({
    method: 'POST', url: `/api${url}`, payload: payload as Record<string, unknown>,
    headers: { 'accept-language': 'en', ...(who ? { cookie: who.cookie, 'x-customer-csrf': who.csrf } : {}), ...extra },
  });
  const getJson = (url: string, who?: SignedIn) => get().app.inject({ url: `/api${url}`, headers: { 'accept-language': 'en', ...(who ? { cookie: who.cookie } : {}) } });

  /** A customer with an ID number and a member number of their own. */
  async function customerWithIds() {
    const { db } = get();
    const mobile = await newCustomer(db, 'Ida');
    const ssn = israeliIdFrom(`3${uniq()}`.slice(0, 8));
    const member = `MX${uniq()}`;
    const { rows } = await db.query<{ id: number }>('UPDATE customers SET ssn = $2 WHERE mobile_number = $1 RETURNING id', [mobile, ssn]);
    await db.query(`INSERT INTO customer_members (customer_id, membership_id, member_number, membership_identifier, balance, used_balance, points_balance, start_date, end_date)
      VALUES ($1, 1, $2, $3, 5, 0, 0, current_date - 1, current_date + 100)`, [rows[0]!.id, member, `MS-${member}`]);
    return { id: rows[0]!.id, mobile, ssn, member };
  }

  it('signs in by ID number: the code goes to the mobile on file and the browser never learns the number', async () => {
    const { app } = get();
    const c = await customerWithIds();
    const sent = await post('/customer-area/mobile-login', { ssn: c.ssn }, undefined, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(JSON.stringify(sent.headers['set-cookie'])).not.toContain(c.mobile);
    const pending = cookiesOf(sent).tx_login_mobile!;
    const code = await lastCode(app, c.mobile);
    expect(code).toMatch(/^\d{6}$/);
    const ok = await post('/customer-area/mobile-login-validation', { smsCode: code }, undefined, { cookie: `tx_login_mobile=${pending}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().customerAreaInfo.CustomerId).toBe(c.id);
  });

  it('signs in by member number (demo configuration)', async () => {
    const { app } = get();
    const c = await customerWithIds();
    const sent = await post('/customer-area/mobile-login', { memberNumber: c.member });
    expect(sent.statusCode, sent.body).toBe(200);
    const ok = await post('/customer-area/mobile-login-validation', { smsCode: await lastCode(app, c.mobile) }, undefined, { cookie: `tx_login_mobile=${cookiesOf(sent).tx_login_mobile}` });
    expect(ok.json().customerAreaInfo.CustomerId).toBe(c.id);
  });

  it('an unknown ID number gets the same answer and no SMS; a wrong check digit is invalid_ssn; two identifiers are refused', async () => {
    const unknown = israeliIdFrom(`2${uniq()}`.slice(0, 8));
    const r = await post('/customer-area/mobile-login', { ssn: unknown });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ success: true });
    const code = await post('/customer-area/mobile-login-validation', { smsCode: '123456' }, undefined, { cookie: `tx_login_mobile=${cookiesOf(r).tx_login_mobile}` });
    expect(code.json().error).toBe('INVALID_SMS_CODE');
    const bad = unknown.slice(0, 8) + String((Number(unknown[8]) + 1) % 10);
    const inv = await post('/customer-area/mobile-login', { ssn: bad });
    expect(inv.statusCode).toBe(400);
    expect(inv.body).toContain('invalid_ssn');
    const badMobile = await post('/customer-area/mobile-login', { mobileNumber: '0123' });
    expect(badMobile.statusCode).toBe(400);
    expect((await post('/customer-area/mobile-login', { mobileNumber: '0521111111', ssn: unknown })).statusCode).toBe(400);
  });

  it('login options and locations', async () => {
    const opts = LoginOptionsResponse.parse((await getJson('/customer/login-options')).json());
    expect(opts.identifiers).toEqual(['mobile', 'ssn', 'memberNumber']);
    const locs = CustomerLocationsResponse.parse((await getJson('/customer/locations')).json()).locations;
    expect(locs.length).toBeGreaterThan(0);
    expect(locs[0]!.name).toMatch(/[A-Za-z]/);
  });

  it('email and password: LOGIN_FAILED alike for a wrong password and an unknown email; the 11th wrong try in an hour is refused', async () => {
    const { db } = get();
    const mobile = await newCustomer(db, 'Pat');
    const email = `pat${uniq()}@example.com`;
    await db.query('UPDATE customers SET email = $2, password_hash = $3 WHERE mobile_number = $1', [mobile, email, hashPassword('right-password')]);
    const ok = await post('/customer/login', { email, password: 'right-password', includeMemberships: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(CustomerInfoResponse.parse(ok.json()).customerInfo.MobileNumber1).toBe(mobile);
    expect(cookiesOf(ok).tx_customer).toBeTruthy();
    expect((await post('/customer/login', { email: `nobody${uniq()}@example.com`, password: 'x' })).json().error).toBe('LOGIN_FAILED');
    for (let i = 0; i < 10; i++) expect((await post('/customer/login', { email, password: `wrong${i}` })).json().error).toBe('LOGIN_FAILED');
    const locked = await post('/customer/login', { email, password: 'right-password' });
    expect(locked.statusCode).toBe(429);
  });

  /** Two vouchers bought on the site and one from the box office, owned by `customerId`. */
  async function vouchersFor(customerId: number, createdDaysAgo = 0) {
    const { db } = get();
    const k = uniq();
    const pu = await db.query<{ id: number }>(`INSERT INTO voucher_purchases (identifier, uuid, customer_id, idempotency_key, cart_hash, total_agorot, buyer)
      VALUES ($1, 't', $2, $1, 't', 100, '{}') RETURNING id`, [`VPT-${k}`, customerId]);
    const refs = [`T-${k}-A`, `T-${k}-B`, `T-${k}-BOX`];
    for (const [i, ref] of refs.entries()) {
      await db.query(`INSERT INTO system_voucher_items (reference, system_voucher_id, customer_id, balance, start_date, end_date, purchase_id, created_at)
        VALUES ($1, 1, $2, 5000, current_date, current_date + 100, $3, now() - make_interval(days => $4))`, [ref, customerId, i < 2 ? pu.rows[0]!.id : null, createdDaysAgo]);
    }
    return refs as [string, string, string];
  }

  it('system vouchers: cancel, replacement, history; another customer\'s voucher does not exist; each SYSTEM_VOUCHER_* error', async () => {
    const { app, db } = get();
    const a = await signIn(app, await newCustomer(db, 'Vera'));
    const b = await signIn(app, await newCustomer(db, 'Walt'));
    const aId = a.res.json().customerInfo.CustomerId as number;
    const [one, two, box] = await vouchersFor(aId);

    const area = (await getJson('/customer-area/customerAreaData', a)).json().customerAreaData.systemVouchers as Array<{ reference: string; canCancel: boolean; canReplace: boolean }>;
    expect(area.find((v) => v.reference === one)).toMatchObject({ canCancel: true, canReplace: true });
    expect(area.find((v) => v.reference === box)).toMatchObject({ canCancel: false, canReplace: false });

    expect((await post(`/system-vouchers/${one}/cancel`, {}, b)).json().error).toBe('SYSTEM_VOUCHER_NOT_FOUND');
    expect((await getJson(`/system-vouchers/${one}/history`, b)).json().error).toBe('SYSTEM_VOUCHER_NOT_FOUND');
    expect((await post(`/system-vouchers/${one}/cancel`, {}, { ...a, csrf: 'nope' })).json().error).toBe('CSRF');
    expect((await post(`/system-vouchers/${box}/cancel`, {}, a)).json().error).toBe('SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET');

    const c = await post(`/system-vouchers/${one}/cancel`, { reservationIdentifier: null }, a);
    expect(c.statusCode, c.body).toBe(200);
    expect(VoucherActionResponse.parse(c.json()).systemVoucher).toMatchObject({ status: 'cancelled', canCancel: false });
    expect((await post(`/system-vouchers/${one}/cancel`, {}, a)).json().error).toBe('SYSTEM_VOUCHER_NOT_ACTIVE');

    const r = await post(`/system-vouchers/${two}/replacement`, {}, a);
    expect(VoucherActionResponse.parse(r.json()).systemVoucher).toMatchObject({ isForReplacement: true, canReplace: false });
    expect((await post(`/system-vouchers/${two}/replacement`, {}, a)).json().error).toBe('SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT');
    expect((await post(`/system-vouchers/${two}/cancel`, {}, a)).json().error).toBe('SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT');

    const h = VoucherHistoryResponse.parse((await getJson(`/system-vouchers/${one}/history`, a)).json()).history;
    expect(h.map((e) => e.kind)).toEqual(['issued', 'cancelled']);

    // beyond the replacement window (default 30 days) a voucher can no longer be replaced
    const [old] = await vouchersFor(aId, 31);
    expect((await post(`/system-vouchers/${old}/replacement`, {}, a)).json().error).toBe('SYSTEM_VOUCHER_NOT_ACTIVE');
  });

  /** A video-on-demand ticket playing now, bought by `customerId`. */
  async function vodTicket(customerId: number): Promise<number> {
    const { db } = get();
    const v = (await db.query<{ id: number; section_id: number; ticket_id: number; location_id: number; business_id: number }>(`
      SELECT p.id, s.id AS section_id, t.id AS ticket_id, l.id AS location_id, l.business_id FROM presentations p JOIN venues v ON v.id = p.venue_id
      JOIN locations l ON l.id = v.location_id JOIN seatplans sp ON sp.venue_id = v.id JOIN sections s ON s.seatplan_id = sp.id
      JOIN tickets t ON t.ticket_group_id = s.ticket_group_id
      WHERE v.venue_type_id = 101 AND p.starts_at <= now() ORDER BY p.starts_at DESC LIMIT 1`)).rows[0]!;
    const r = await db.query<{ id: number }>(`INSERT INTO reservations (identifier, customer_id, location_id, business_id, pos_id, status, total_agorot)
      VALUES ($1, $2, $3, $4, $3 * 100 + 1, 'committed', 100) RETURNING id`, [`VT${uniq()}`, customerId, v.location_id, v.business_id]);
    const t = await db.query<{ id: number }>(`INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, status)
      VALUES ($1, $2, $3, nextval('vod_place'), 1, $4, 100, 'sold') RETURNING id`, [r.rows[0]!.id, v.id, v.section_id, v.ticket_id]);
    return t.rows[0]!.id;
  }

  it('video on demand: plays count, three plays then VOD_NO_PLAYS_LEFT, parallel plays never exceed; another customer cannot play', async () => {
    const { app, db } = get();
    const a = await signIn(app, await newCustomer(db, 'Vic'));
    const b = await signIn(app, await newCustomer(db, 'Wes'));
    const ticketId = await vodTicket(a.res.json().customerInfo.CustomerId);
    const list = AreaVodResponse.parse((await getJson('/customer-area/vod', a)).json()).vod;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ ticketId, playCount: 0, playsRemaining: 3, lastPlayback: null, canPlay: true });
    expect(AreaVodResponse.parse((await getJson('/customer-area/vod', b)).json()).vod).toHaveLength(0);
    expect((await post(`/customer-area/vod/${ticketId}/play`, {}, b)).json().error).toBe('ticketNotFound');
    // the demo's stream opens only after a counted play, and only to its buyer
    const stream = `/customer-area/vod/${ticketId}/stream`;
    expect((await getJson(stream, a)).statusCode).toBe(404);

    const played = VodPlayResponse.parse((await post(`/customer-area/vod/${ticketId}/play`, {}, a)).json());
    const first = played.vod;
    expect(first).toMatchObject({ playCount: 1, playsRemaining: 2 });
    expect(played.playback).toEqual({ url: `/api${stream}`, type: 'video/webm' });
    const clip = await getJson(stream, a);
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/webm');
    expect(clip.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // an EBML (WebM) file
    expect((await getJson(stream, b)).statusCode).toBe(404);
    expect((await getJson(stream)).statusCode).toBe(401);
    expect(first.lastPlayback).not.toBeNull();
    const results = await Promise.all([1, 2, 3, 4].map(() => post(`/customer-area/vod/${ticketId}/play`, {}, a)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.json().error === 'VOD_NO_PLAYS_LEFT')).toHaveLength(2);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM vod_plays WHERE ticket_id = $1', [ticketId]);
    expect(rows[0]!.n).toBe(3);
  });

  it('details: the customer edits their own row; CSRF required; a mobile in use and an invalid email are refused', async () => {
    const { app, db } = get();
    const mobile = await newCustomer(db, 'Dina');
    const other = await newCustomer(db, 'Ezra');
    const a = await signIn(app, mobile);
    const body = { firstName: 'Dina', lastName: 'Levi', email: 'dina@example.com', mobileNumber: mobile, city: 'Haifa', isMailingAllowed: false };
    expect((await post('/customer-area/details', body, { ...a, csrf: 'x' })).json().error).toBe('CSRF');
    expect((await post('/customer-area/details', body)).statusCode).toBe(401);
    const ok = await post('/customer-area/details', body, a);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(CustomerInfoResponse.parse(ok.json()).customerInfo).toMatchObject({ LastName: 'Levi', City: 'Haifa', EmailAddress1: 'dina@example.com', IsMailingAllowed: false });
    // another customer's number without its code: the same answer as any new number (no code, no change)
    expect((await post('/customer-area/details', { ...body, mobileNumber: other }, a)).json().error).toBe('MOBILE_CODE_REQUIRED');
    expect((await post('/customer-area/details', { ...body, email: 'not-an-email' }, a)).statusCode).toBe(400);
    expect((await post('/customer-area/details', { ...body, firstName: 'D1na' }, a)).statusCode).toBe(400);
    const { rows } = await db.query<{ last_name: string }>('SELECT last_name FROM customers WHERE mobile_number = $1', [other]);
    expect(rows[0]!.last_name).toBe('Customer');
    void newAddress;
  });

  it('a new mobile number: saved only with the code texted to it; a wrong code or none changes nothing', async () => {
    const { app, db } = get();
    const mobile = await newCustomer(db, 'Gila');
    const a = await signIn(app, mobile);
    const fresh = `059${uniq()}`;
    const body = { firstName: 'Gila', lastName: 'Customer', email: null, mobileNumber: fresh, isMailingAllowed: true };
    expect((await post('/customer-area/details', body, a)).statusCode).toBe(428);
    expect((await post('/customer-area/details/mobile-code', { mobileNumber: fresh }, { ...a, csrf: 'x' })).json().error).toBe('CSRF');
    expect((await post('/customer-area/details/mobile-code', { mobileNumber: fresh })).statusCode).toBe(401);
    const sent = await post('/customer-area/details/mobile-code', { mobileNumber: fresh }, a, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastCode(app, fresh);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post('/customer-area/details', { ...body, smsCode: wrong }, a);
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'INVALID_SMS_CODE']);
    expect((await db.query('SELECT 1 FROM customers WHERE mobile_number = $1', [mobile])).rows).toHaveLength(1);
    // the change code is no sign-in code for the new number
    expect((await post('/customer/mobile-login-validation-area', { mobileNumber: fresh, smsCode: code })).statusCode).toBe(401);
    const ok = await post('/customer-area/details', { ...body, smsCode: code }, a);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(CustomerInfoResponse.parse(ok.json()).customerInfo.MobileNumber1).toBe(fresh);
    // single use
    expect((await post('/customer-area/details', { ...body, mobileNumber: mobile, smsCode: code }, a)).json().error).toBe('INVALID_SMS_CODE');
  });

  it("another customer's number: the code step answers as for any number; the change then fails with a neutral refusal", async () => {
    const { app, db } = get();
    const mobile = await newCustomer(db, 'Hana');
    const other = await newCustomer(db, 'Ilan');
    const a = await signIn(app, mobile);
    const free = `059${uniq()}`;
    const toOther = await post('/customer-area/details/mobile-code', { mobileNumber: other }, a);
    const toFree = await post('/customer-area/details/mobile-code', { mobileNumber: free }, a);
    expect([toOther.statusCode, toOther.body]).toEqual([toFree.statusCode, toFree.body]);
    const body = { firstName: 'Hana', lastName: 'Customer', email: null, mobileNumber: other, isMailingAllowed: true };
    // without the code the answer is the one any wrong code gets
    expect((await post('/customer-area/details', { ...body, smsCode: '999999' }, a)).json().error)
      .toBe((await post('/customer-area/details', { ...body, mobileNumber: free, smsCode: '999999' }, a)).json().error);
    const refused = await post('/customer-area/details', { ...body, smsCode: (await lastCode(app, other))! }, a);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'MOBILE_CHANGE_REFUSED']);
    expect(refused.body).not.toMatch(/another customer|in use/i);
    expect((await db.query('SELECT 1 FROM customers WHERE mobile_number = $1', [mobile])).rows).toHaveLength(1);
  });

  it('change codes count against the new number\'s sign-in send limit', async () => {
    const { app, db } = get();
    const a = await signIn(app, await newCustomer(db, 'Kobi'));
    const fresh = `059${uniq()}`;
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await post('/customer-area/details/mobile-code', { mobileNumber: fresh }, a)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
