import { describe, expect, it } from 'vitest';
import { CartResponse, CommitResponse, EDocumentResponse, eTicketState, QrVerifyResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { commit, customerInfo, freeSeats, lock, newKey, newUuid, pay, postCart, presentation, seat, V33 } from './orders-helpers.ts';
import { STAFF_USERS } from '../src/seed/sales.ts';
import { loadQrKeys, qrKeysFromEnv, signQr, verifyQr } from '../src/domains/edocuments/qrToken.ts';

describe('e-ticket state: one decision for the api and the page', () => {
  const start = new Date('2030-01-01T18:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);
  const facts = { cancelled: false, scanned: false, startsAt: start, isVod: false, graceMinutes: 0 };
  it('cancelled before scanned before past before valid; past with grace 0; video on demand never past', () => {
    expect(eTicketState(facts, at(-1000))).toBe('valid');
    expect(eTicketState(facts, at(1000))).toBe('past');
    expect(eTicketState({ ...facts, scanned: true }, at(3600_000))).toBe('scanned');
    expect(eTicketState({ ...facts, scanned: true, cancelled: true }, at(3600_000))).toBe('cancelled');
    expect(eTicketState({ ...facts, cancelled: true }, at(-1000))).toBe('cancelled');
    expect(eTicketState({ ...facts, graceMinutes: 15 }, at(10 * 60_000))).toBe('valid');
    expect(eTicketState({ ...facts, startsAt: start.toISOString(), isVod: true }, at(86_400_000))).toBe('valid');
  });
});

describe('signed QR tokens', () => {
  const keys = [{ id: 'k2', secret: 'second-key-secret-0123456789' }, { id: 'k1', secret: 'first-key-secret-0123456789' }];
  const payload = { reservationIdentifier: 'W100200', ticketIdentifiers: ['T1', 'T2'], presentationId: 42 };
  it('valid with the current key and with an older listed key; tampered, wrong key id and malformed refused', () => {
    const token = signQr(payload, keys);
    expect(token.startsWith('ET1.k2.')).toBe(true);
    expect(token).not.toContain('W100200'); // encoded, not a readable document key
    expect(verifyQr(token, keys)).toEqual({ valid: true, keyId: 'k2', payload });
    const old = signQr(payload, [keys[1]!]);
    expect(verifyQr(old, keys)).toMatchObject({ valid: true, keyId: 'k1' });
    // tampered payload: another reservation under the same signature
    const [p, k, , sig] = token.split('.');
    const forged = [p, k, Buffer.from('W999999|T1,T2|42').toString('base64url'), sig].join('.');
    expect(verifyQr(forged, keys)).toEqual({ valid: false, reason: 'BAD_SIGNATURE', keyId: 'k2' });
    // the key id swapped for another known key
    expect(verifyQr(token.replace('ET1.k2.', 'ET1.k1.'), keys)).toMatchObject({ valid: false, reason: 'BAD_SIGNATURE' });
    expect(verifyQr(token.replace('ET1.k2.', 'ET1.k9.'), keys)).toEqual({ valid: false, reason: 'UNKNOWN_KEY', keyId: 'k9' });
    // a key retired from the list no longer verifies
    expect(verifyQr(old, [keys[0]!])).toMatchObject({ valid: false, reason: 'UNKNOWN_KEY' });
    expect(verifyQr('W100200|documentkey', keys)).toMatchObject({ valid: false, reason: 'MALFORMED' });
  });
  it('keys from QR_SIGNING_KEYS (checked); none configured means the database key', () => {
    expect(qrKeysFromEnv({ QR_SIGNING_KEYS: 'a1:0123456789abcdef0,a0:fedcba98765432100' })).toEqual([
      { id: 'a1', secret: '0123456789abcdef0' }, { id: 'a0', secret: 'fedcba98765432100' },
    ]);
    expect(() => qrKeysFromEnv({ QR_SIGNING_KEYS: 'a1:short' })).toThrow();
    expect(qrKeysFromEnv({ NODE_ENV: 'production' })).toBeNull();
  });
});

forEachEngine('e-ticket QR token and the staff verify GET', (get) => {
  it('the e-ticket QR carries a signed token that staff verify; tampered and unknown-key tokens are refused', async () => {
    const { app } = get();
    const p = await presentation(get(), V33.venue, 16);
    const uuid = newUuid('qr');
    const [a] = await freeSeats(get(), p, V33.reserved, 1);
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const cart = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular)], customerInfo: customerInfo() };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    const { sessionId } = await pay(app, uuid, order.amountDue);
    const res = CommitResponse.parse((await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId })).json());
    const doc = EDocumentResponse.parse((await app.inject({ url: `/api/edocument/${res.documentKey}` })).json()).edocument;
    const d = { ...doc, qrToken: doc.qrToken! };
    expect(d.qrToken.startsWith('ET1.')).toBe(true);
    expect(d.qrToken).not.toContain(res.documentKey);
    // without QR_SIGNING_KEYS one random key kept in the database signs (the same for every api process)
    const stored = await loadQrKeys(get().db, {});
    expect(stored).toHaveLength(1);
    expect(stored[0]!.secret.length).toBeGreaterThanOrEqual(32);
    expect(d.qrToken.startsWith(`ET1.${stored[0]!.id}.`)).toBe(true);

    const verify = (token: string, cookie?: string) => app.inject({ url: `/api/staff/eticket/verify?token=${encodeURIComponent(token)}`, headers: cookie ? { cookie } : {} });
    expect((await verify(d.qrToken)).statusCode).toBe(401);
    // the manager of the order's business (staff calls answer only for the user's businesses)
    const { rows: [biz] } = await get().db.query<{ business_id: number }>('SELECT business_id FROM reservations WHERE identifier = $1', [res.reservationIdentifier]);
    const staff = STAFF_USERS.find((u) => u.businessIds.includes(biz!.business_id as never));
    const login = await app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: staff!.username, password: staff!.password }, remoteAddress: '10.16.0.1' });
    const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const ok = QrVerifyResponse.parse((await verify(d.qrToken, cookie)).json());
    expect(ok).toMatchObject({ valid: true, reason: null, reservationIdentifier: res.reservationIdentifier, presentationId: p.id, state: 'valid' });
    expect(ok.ticketIdentifiers).toEqual(res.ticketIdentifiers);
    const parts = d.qrToken.split('.');
    const tampered = [parts[0], parts[1], Buffer.from(`${res.reservationIdentifier}|X|${p.id}`).toString('base64url'), parts[3]].join('.');
    expect(QrVerifyResponse.parse((await verify(tampered, cookie)).json())).toMatchObject({ valid: false, reason: 'BAD_SIGNATURE' });
    expect(QrVerifyResponse.parse((await verify(d.qrToken.replace(/^ET1\.[^.]+\./, 'ET1.other.'), cookie)).json())).toMatchObject({ valid: false, reason: 'UNKNOWN_KEY' });
    // the verify GET reports the order's state now: scanned
    await get().db.query('UPDATE reservation_tickets SET scanned_at = now() WHERE reservation_id = (SELECT id FROM reservations WHERE identifier = $1)', [res.reservationIdentifier]);
    expect(QrVerifyResponse.parse((await verify(d.qrToken, cookie)).json()).state).toBe('scanned');
  });
});
