import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { forEachEngine } from './harness.ts';
import { lastCode as codeOf, newAddress, newCustomer, signIn as signInWith, uniq } from './customer-helpers.ts';
import { LIMITS, loginFloorMs } from '../src/domains/customers/limits.ts';
import { hashPassword } from '../src/domains/customers/identify.ts';

/** Customer sign-in abuse limits and sessions (issue 9); every limit with a case that crosses it. */
forEachEngine('customer sign-in: abuse limits and sessions', (get) => {
  const app = (): FastifyInstance => get().app;
  const send = (mobile: string, remoteAddress = newAddress(), extra: Record<string, unknown> = {}) =>
    app().inject({ method: 'POST', url: '/api/customer/mobile-login', payload: { mobileNumber: mobile, ...extra }, remoteAddress });
  const check = (mobile: string, smsCode: string, cookie?: string) =>
    app().inject({ method: 'POST', url: '/api/customer/mobile-login-validation-area', payload: { mobileNumber: mobile, smsCode }, headers: cookie ? { cookie } : {} });
  const lastCode = (mobile: string) => codeOf(app(), mobile);
  const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const signIn = (mobile: string, cookie?: string) => signInWith(app(), mobile, cookie);

  it('codes are random 6 digits, stored only hashed, expire within 10 minutes and are single use', async () => {
    const { db } = get();
    const mobile = await newCustomer(db);
    await send(mobile);
    const code = (await lastCode(mobile))!;
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await db.query<{ code_hash: string; ttl: number }>(
      'SELECT code_hash, extract(epoch FROM expires_at - created_at)::int AS ttl FROM customer_login_codes WHERE mobile_number = $1', [mobile]);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.ttl).toBeLessThanOrEqual(600);
    // expired: the right code no longer works
    await db.query(`UPDATE customer_login_codes SET expires_at = now() - interval '1 second' WHERE mobile_number = $1`, [mobile]);
    expect((await check(mobile, code)).json().error).toBe('INVALID_SMS_CODE');
    // single use
    await db.query('DELETE FROM customer_login_failures WHERE mobile_number = $1', [mobile]);
    await send(mobile);
    const fresh = (await lastCode(mobile))!;
    expect((await check(mobile, fresh)).statusCode).toBe(200);
    expect((await check(mobile, fresh)).json().error).toBe('INVALID_SMS_CODE');
  });

  it('the 6th try of one code fails even with the right code', async () => {
    const mobile = await newCustomer(get().db);
    await send(mobile);
    const code = (await lastCode(mobile))!;
    for (let i = 0; i < LIMITS.triesPerCode; i++) expect((await check(mobile, wrongFor(code))).json().error).toBe('INVALID_SMS_CODE');
    expect((await check(mobile, code)).json().error).toBe('INVALID_SMS_CODE');
  });

  it('the 11th try of a number within an hour fails across resends (a resend never resets the count)', async () => {
    const mobile = await newCustomer(get().db);
    await send(mobile);
    const first = (await lastCode(mobile))!;
    for (let i = 0; i < 5; i++) expect((await check(mobile, wrongFor(first))).statusCode).toBe(401);
    await send(mobile); // resend: a new code, the same hourly count
    const second = (await lastCode(mobile))!;
    for (let i = 0; i < 5; i++) expect((await check(mobile, wrongFor(second))).statusCode).toBe(401);
    await send(mobile);
    const third = (await lastCode(mobile))!;
    const locked = await check(mobile, third);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('RATE_LIMITED');
  });

  it('the 4th send to a number within 15 minutes is refused', async () => {
    const mobile = await newCustomer(get().db);
    for (let i = 0; i < LIMITS.sendsPerNumberPer15Min; i++) expect((await send(mobile)).statusCode).toBe(200);
    const fourth = await send(mobile);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toBe('RATE_LIMITED');
    // also through the customer-area endpoint (the same counter)
    expect((await app().inject({ method: 'POST', url: '/api/customer-area/mobile-login', payload: { mobileNumber: mobile } })).statusCode).toBe(429);
  });

  it('one address may send at most its per-address count, whatever the numbers', async () => {
    const addr = newAddress();
    for (let i = 0; i < LIMITS.sendsPerAddressPer15Min; i++) expect((await send(`052${uniq()}`, addr)).statusCode).toBe(200);
    const over = await send(`052${uniq()}`, addr);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe('RATE_LIMITED');
    expect((await send(`052${uniq()}`)).statusCode).toBe(200); // another address is not affected
  });

  it('password spraying: one address gets its per-address count of wrong passwords over any emails, then 429 even for a right one', async () => {
    const { db } = get();
    const login = (email: string, password: string, remoteAddress: string) =>
      app().inject({ method: 'POST', url: '/api/customer/login', payload: { email, password }, remoteAddress });
    const mobile = await newCustomer(db);
    const email = `spray${uniq()}@example.com`;
    await db.query('UPDATE customers SET email = $2, password_hash = $3 WHERE mobile_number = $1', [mobile, email, hashPassword('right-password')]);
    const addr = newAddress();
    // a right password costs nothing
    expect((await login(email, 'right-password', addr)).statusCode).toBe(200);
    // one password, a fresh email each time (the per-email count never trips), in parallel: none slips past the count
    const n = LIMITS.wrongPasswordsPerAddressPer15Min + 5;
    const tries = await Promise.all(Array.from({ length: n }, () => login(`nobody${uniq()}@example.com`, 'Summer2026!', addr)));
    expect(tries.filter((r) => r.statusCode === 401)).toHaveLength(LIMITS.wrongPasswordsPerAddressPer15Min);
    const refused = tries.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().error).toBe('RATE_LIMITED');
    expect((await login(email, 'right-password', addr)).statusCode).toBe(429);
    // another address is not affected
    expect((await login(email, 'right-password', newAddress())).statusCode).toBe(200);
  });

  it('parallel requests cannot slip past a limit: sends and wrong tries', async () => {
    const { db } = get();
    const mobile = await newCustomer(db);
    const sends = await Promise.all(Array.from({ length: 8 }, () => send(mobile)));
    expect(sends.filter((r) => r.statusCode === 200)).toHaveLength(LIMITS.sendsPerNumberPer15Min);
    expect(sends.filter((r) => r.statusCode === 429)).toHaveLength(8 - LIMITS.sendsPerNumberPer15Min);

    const other = await newCustomer(db);
    await send(other);
    const code = (await lastCode(other))!;
    const tries = await Promise.all(Array.from({ length: 14 }, () => check(other, wrongFor(code))));
    expect(tries.filter((r) => r.statusCode === 401)).toHaveLength(LIMITS.wrongPerNumberPerHour);
    expect(tries.filter((r) => r.statusCode === 429)).toHaveLength(14 - LIMITS.wrongPerNumberPerHour);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customer_login_failures WHERE mobile_number = $1', [other]);
    expect(rows[0]!.n).toBe(LIMITS.wrongPerNumberPerHour);
  });

  it('the same answer whether or not a number is a customer; SMS only to customers unless sendSmsRegardlessOfCustomerExistence', async () => {
    const stranger = `053${uniq()}`;
    const customer = await newCustomer(get().db);
    const a = await send(stranger);
    const b = await send(customer);
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    expect(await lastCode(stranger)).toBeNull();
    expect(await lastCode(customer)).toMatch(/^\d{6}$/);
    // regardless: the stranger gets a code, still counted by the limits; the code proves the number but finds no customer
    const r = await send(stranger, newAddress(), { sendSmsRegardlessOfCustomerExistence: true });
    expect(r.statusCode).toBe(200);
    const code = (await lastCode(stranger))!;
    expect(code).toMatch(/^\d{6}$/);
    expect((await check(stranger, code)).json().error).toBe('CUSTOMER_NOT_FOUND');
    expect((await send(stranger, newAddress(), { sendSmsRegardlessOfCustomerExistence: true })).statusCode).toBe(200);
    expect((await send(stranger, newAddress(), { sendSmsRegardlessOfCustomerExistence: true })).statusCode).toBe(429);
    // only valid Israeli mobile numbers
    const bad = await send('0312345678', newAddress(), { sendSmsRegardlessOfCustomerExistence: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('invalid_mobileNumber');
  });

  it('a code request answers no sooner than the floor, for a stranger as for a customer', async () => {
    const saved = process.env.SMS_LOGIN_FLOOR_MS;
    process.env.SMS_LOGIN_FLOOR_MS = '300';
    try {
      for (const mobile of [`053${uniq()}`, await newCustomer(get().db)]) {
        const t0 = performance.now();
        const r = await send(mobile);
        expect(r.statusCode).toBe(200);
        expect(performance.now() - t0).toBeGreaterThanOrEqual(295);
      }
    } finally {
      if (saved === undefined) delete process.env.SMS_LOGIN_FLOOR_MS; else process.env.SMS_LOGIN_FLOOR_MS = saved;
    }
    expect([loginFloorMs(false, {}), loginFloorMs(true, {}), loginFloorMs(false, { SMS_LOGIN_FLOOR_MS: '1500' })]).toEqual([1000, 0, 1500]);
  });

  it('every state-changing call of a signed-in customer is refused without the CSRF echo', async () => {
    const who = await signIn(await newCustomer(get().db));
    const calls: Array<[string, Record<string, unknown>?]> = [
      ['/api/customer/logout'], ['/api/customer-area/logout'],
      ['/api/reservations/1/cancel', {}], ['/api/customer-area/vod/1/play'],
      ['/api/system-vouchers/GIFT-NONE-1/cancel'], ['/api/system-vouchers/GIFT-NONE-1/replacement'],
      ['/api/customer-area/waiting-list', { presentationId: 1, partySize: 2, adjacentOnly: true }], ['/api/customer-area/waiting-list/1/leave'],
    ];
    for (const [url, payload] of calls) {
      for (const csrf of [undefined, 'x'.repeat(who.csrf.length)]) {
        const r = await app().inject({ method: 'POST', url, payload, headers: { cookie: who.cookie, ...(csrf ? { 'x-customer-csrf': csrf } : {}) } });
        expect([url, r.statusCode, r.json().error]).toEqual([url, 403, 'CSRF']);
      }
    }
    // the session is still there: none of them ran
    expect((await app().inject({ method: 'POST', url: '/api/customer/refresh', headers: { cookie: who.cookie } })).statusCode).toBe(200);
  });

  it('sessions: httpOnly SameSite cookie, rotated at sign-in, idle 30 minutes, absolute 30 days, logout with CSRF', async () => {
    const { db } = get();
    const mobile = await newCustomer(db);
    const first = await signIn(mobile);
    const set = ([] as string[]).concat(first.res.headers['set-cookie'] as string[]);
    const sessionCookie = set.find((c) => c.startsWith('tx_customer='))!;
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(set.find((c) => c.startsWith('tx_customer_csrf='))).not.toMatch(/HttpOnly/);
    const refresh = (cookie: string) => app().inject({ method: 'POST', url: '/api/customer/refresh', headers: { cookie } });
    expect((await refresh(first.cookie)).statusCode).toBe(200);

    // rotation: signing in again from the same browser gives a new token and ends the old one
    const second = await signIn(mobile, first.cookie);
    expect(second.session).not.toBe(first.session);
    expect((await refresh(first.cookie)).statusCode).toBe(401);
    expect((await refresh(second.cookie)).statusCode).toBe(200);

    // absolute lifetime at most 30 days
    const { rows } = await db.query<{ days: number }>(
      `SELECT extract(epoch FROM expires_at - created_at) / 86400 AS days FROM customer_sessions WHERE customer_id = (SELECT id FROM customers WHERE mobile_number = $1)`, [mobile]);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.days)).toBeLessThanOrEqual(30);

    // idle timeout: 31 minutes without a call ends the session
    await db.query(`UPDATE customer_sessions SET last_seen_at = now() - interval '31 minutes' WHERE customer_id = (SELECT id FROM customers WHERE mobile_number = $1)`, [mobile]);
    expect((await refresh(second.cookie)).statusCode).toBe(401);

    // past the absolute lifetime the session is over even when active
    await db.query('DELETE FROM customer_login_failures WHERE mobile_number = $1', [mobile]);
    await db.query('DELETE FROM customer_sms_sends WHERE mobile_number = $1', [mobile]);
    const third = await signIn(mobile);
    await db.query(`UPDATE customer_sessions SET expires_at = now() - interval '1 second' WHERE customer_id = (SELECT id FROM customers WHERE mobile_number = $1)`, [mobile]);
    expect((await refresh(third.cookie)).statusCode).toBe(401);

    // logout needs the CSRF token, then the session is gone
    const fourth = await signIn(mobile);
    for (const url of ['/api/customer/logout', '/api/customer-area/logout']) {
      const noCsrf = await app().inject({ method: 'POST', url, headers: { cookie: fourth.cookie } });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().error).toBe('CSRF');
      const wrong = await app().inject({ method: 'POST', url, headers: { cookie: fourth.cookie, 'x-customer-csrf': 'x'.repeat(fourth.csrf.length) } });
      expect(wrong.statusCode).toBe(403);
    }
    const out = await app().inject({ method: 'POST', url: '/api/customer-area/logout', headers: { cookie: fourth.cookie, 'x-customer-csrf': fourth.csrf } });
    expect(out.json()).toEqual({ success: true });
    expect((await refresh(fourth.cookie)).statusCode).toBe(401);
  });
});
