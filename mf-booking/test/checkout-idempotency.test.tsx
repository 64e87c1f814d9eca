import { beforeEach, describe, expect, it } from 'vitest';
import type { CommitBody, CommitResponse } from '@ticketing/shared';
import { commitOrder, isRetryable } from '../src/checkout/commit';
import { clearIdempotencyKey, fingerprint, getIdempotencyKey, peekIdempotencyKey } from '../src/checkout/idempotency';

const body = (paymentIdentifier: string | null = 'pay_1'): CommitBody => ({
  cart: { seats: [{ XCoordinate: 1, YCoordinate: 2, ticket: { prsntId: 1, ticketId: 5 } }], paymentIdentifier, numberOfPayments: 1 },
  miniSiteUrl: null,
});
const response = (id: string): CommitResponse => ({
  reservationIdentifier: id, ticketIdentifiers: [`${id}-1`], documentKey: `doc-${id}`, isHold: false, replayed: false,
  order: {} as CommitResponse['order'],
});

beforeEach(() => sessionStorage.clear());

describe('idempotency key (one per checkout attempt, kept in session storage)', () => {
  it('is reused for the same cart (a retry), also after a reload, and renewed for another cart', () => {
    const k1 = getIdempotencyKey(body());
    expect(getIdempotencyKey(body())).toBe(k1);
    expect(JSON.parse(sessionStorage.getItem('ticketing.checkout.idempotency')!).key).toBe(k1);
    const k2 = getIdempotencyKey(body('pay_2'));
    expect(k2).not.toBe(k1);
    clearIdempotencyKey();
    expect(peekIdempotencyKey()).toBeUndefined();
  });
  it('fingerprints ignore key order', () => {
    expect(fingerprint({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(fingerprint({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
  });
});

describe('commit (spec section 4)', () => {
  it('sends nothing when a reservation identifier already exists', async () => {
    const sent: string[] = [];
    const out = await commitOrder({ existingReservation: 'R-1', body: body(), send: async (_b, k) => { sent.push(k); return response('R-2'); } });
    expect(out).toEqual({ status: 'skipped', reservationIdentifier: 'R-1' });
    expect(sent).toEqual([]);
  });
  it('a retry after no answer reuses the same Idempotency-Key; success ends the attempt', async () => {
    const sent: string[] = [];
    let calls = 0;
    const send = async (_b: CommitBody, key: string) => {
      sent.push(key);
      if (++calls === 1) throw { status: 'FETCH_ERROR', code: 'NETWORK', key: 'errors.NETWORK' };
      return response('R-9');
    };
    const first = await commitOrder({ existingReservation: null, body: body(), send });
    expect(first).toMatchObject({ status: 'failed', retryable: true });
    const second = await commitOrder({ existingReservation: null, body: body(), send });
    expect(second).toMatchObject({ status: 'committed', response: { reservationIdentifier: 'R-9' } });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
    expect(peekIdempotencyKey()).toBeUndefined();
  });
  it('a server error keeps the key; a definite refusal ends the attempt', async () => {
    expect(isRetryable({ status: 503 })).toBe(true);
    expect(isRetryable({ status: 'FETCH_ERROR' })).toBe(true);
    expect(isRetryable({ status: 409 })).toBe(false);
    const k = getIdempotencyKey(body());
    const out = await commitOrder({ existingReservation: null, body: body(), send: async () => { throw { status: 409, code: 'HOLD_EXPIRED' }; } });
    expect(out).toMatchObject({ status: 'failed', retryable: false });
    expect(peekIdempotencyKey()).toBeUndefined();
    expect(getIdempotencyKey(body())).not.toBe(k);
  });
});
