/**
 * Issue 13 point 7: the link in a tickets SMS (and in the calendar file) is built from the configured public
 * address only. A request with a hostile Host (and X-Forwarded-Host / -Proto) must not turn a cinema SMS into
 * a link to someone else's domain; without PUBLIC_BASE_URL outside demo mode nothing is sent (503).
 */
import { afterEach, expect, it } from 'vitest';
import { CartResponse, CommitResponse, DevSmsResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { publicBaseUrl } from '../src/lib/publicUrl.ts';
import { commit, customerInfo, freeSeats, lock, newKey, newUuid, pay, postCart, presentation, seat, V33 } from './orders-helpers.ts';

const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' };
const saved = { base: process.env.PUBLIC_BASE_URL, env: process.env.NODE_ENV };
afterEach(() => {
  if (saved.base === undefined) delete process.env.PUBLIC_BASE_URL; else process.env.PUBLIC_BASE_URL = saved.base;
  process.env.NODE_ENV = saved.env;
});

forEachEngine('hardening: links sent out use the configured public address', (get) => {
  it('sendTickets with a hostile Host header: the SMS links to PUBLIC_BASE_URL; production without it sends nothing', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 21);
    const uuid = newUuid('links');
    const [a] = await freeSeats(get(), p, V33.reserved, 1);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const cart = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], customerInfo: customerInfo() };
    const s = await pay(app, uuid, CartResponse.parse((await postCart(app, cart)).json()).order.amountDue);
    const c = await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: s.sessionId });
    expect(c.statusCode, c.body).toBe(200);
    const res = CommitResponse.parse(c.json());
    const to = get().engine === 'postgres' ? '0507770014' : '0507770013';
    const outbox = async () => DevSmsResponse.parse((await app.inject({ url: `/api/dev/sms-outbox?mobileNumber=${to}` })).json()).messages;
    const send = () => app.inject({ method: 'POST', url: `/api/reservations/${res.reservationIdentifier}/sendTickets`, payload: { mobileNumber: to }, headers: { uuid, ...HOSTILE } });

    process.env.PUBLIC_BASE_URL = 'https://tickets.example.org/';
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    const [msg] = await outbox();
    expect(msg!.body).toContain(`https://tickets.example.org/edocument/${res.documentKey}`);
    expect(msg!.body).not.toContain('evil');
    const ics = await app.inject({ url: `/api/edocument/${res.documentKey}/calendar.ics`, headers: HOSTILE });
    expect(ics.body).toContain(`https://tickets.example.org/edocument/${res.documentKey}`);
    expect(ics.body).not.toContain('evil');

    // without a configured address outside demo mode (production, or a server that forgot it): refused, nothing sent
    delete process.env.PUBLIC_BASE_URL;
    process.env.NODE_ENV = 'production';
    const refused = await send();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe('PUBLIC_BASE_URL_MISSING');
    process.env.NODE_ENV = 'development';
    expect((await send()).statusCode).toBe(503);
    process.env.NODE_ENV = saved.env;
    expect(await outbox()).toHaveLength(1);
  });
});

it('only the demo falls back to its local address when PUBLIC_BASE_URL is missing', () => {
  expect(publicBaseUrl({ DEMO_MODE: '1', PORT: '8123' })).toBe('http://localhost:8123');
  expect(publicBaseUrl({ PUBLIC_BASE_URL: 'https://tickets.example.org//', DEMO_MODE: '1' })).toBe('https://tickets.example.org');
  expect(() => publicBaseUrl({ NODE_ENV: 'development' })).toThrow('PUBLIC_BASE_URL');
  expect(() => publicBaseUrl({ NODE_ENV: 'production', DEMO_MODE: '0' })).toThrow('PUBLIC_BASE_URL');
});
