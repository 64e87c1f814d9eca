import { expect, it } from 'vitest';
import { BLIK_SANDBOX_CODES, ConfigResponse, PaymentSessionResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { newUuid } from './orders-helpers.ts';
import { BlikSandboxProvider } from '../src/domains/payments/providers/blik.ts';
import { captureSession, getSession } from '../src/domains/payments/providers/sessions.ts';

forEachEngine('payments: Blik code flow (sandbox)', (get) => {
  const open = async (p: BlikSandboxProvider, uuid: string, amount = 3000) =>
    p.createSession(get().db, { uuid, amount, locale: 'en', parentOrigin: 'http://localhost:8181', numberOfPayments: 3 });
  const postCode = (id: string, uuid: string, code: string) =>
    get().app.inject({ method: 'POST', url: `/api/payment/blik/${id}/code`, headers: { uuid }, payload: { code } });

  it('GET /config lists Blik as a provider of its own kind, inactive by default', async () => {
    const c = ConfigResponse.parse((await get().app.inject({ url: '/api/config' })).json()).config;
    expect(c.payment.providers.find((p) => p.id === 'blik')).toMatchObject({ kind: 'blik', isActive: false });
  });

  it('a code confirmed in the bank app: waiting, then approved, then captured; always one payment', async () => {
    const uuid = newUuid('blik');
    const blik = new BlikSandboxProvider({ confirmDelayMs: 0, waitSeconds: 60 });
    const s = await open(blik, uuid);
    expect(s.paymentFormURL).toBe(`/api/payment/blik/${s.sessionId}`);
    const r = await postCode(s.sessionId, uuid, BLIK_SANDBOX_CODES.approve);
    expect(r.statusCode, r.body).toBe(200);
    expect(PaymentSessionResponse.parse(r.json()).status).toBe('challenge');
    const row = await blik.advance(get().db, await getSession(get().db, s.sessionId));
    expect(row.status).toBe('approved');
    expect(row.number_of_payments).toBe(1);
    await captureSession(get().db, 'blik', { sessionId: s.sessionId, uuid, amount: 3000, reservationId: null as unknown as number });
    expect((await getSession(get().db, s.sessionId)).status).toBe('captured');
  });

  it('rejection in the bank app declines; an unanswered code times out; a second code on a waiting session is refused', async () => {
    const uuid = newUuid('blik');
    const blik = new BlikSandboxProvider({ confirmDelayMs: 0, waitSeconds: 0 });
    const rejected = await open(blik, uuid);
    expect((await postCode(rejected.sessionId, uuid, BLIK_SANDBOX_CODES.reject)).statusCode).toBe(200);
    expect((await blik.advance(get().db, await getSession(get().db, rejected.sessionId))).status).toBe('declined');

    const silent = await open(blik, uuid);
    expect((await postCode(silent.sessionId, uuid, BLIK_SANDBOX_CODES.noAnswer)).statusCode).toBe(200);
    expect((await postCode(silent.sessionId, uuid, BLIK_SANDBOX_CODES.approve)).json()).toMatchObject({ error: 'PAYMENT_STATE' });
    expect((await blik.advance(get().db, await getSession(get().db, silent.sessionId))).status).toBe('expired');
  });

  it('the route waits for the bank app: still waiting before the sandbox answer delay', async () => {
    const uuid = newUuid('blik');
    const s = await open(new BlikSandboxProvider(), uuid);
    await postCode(s.sessionId, uuid, BLIK_SANDBOX_CODES.approve);
    const poll = await get().app.inject({ url: `/api/payment/blik/${s.sessionId}`, headers: { uuid } });
    expect(PaymentSessionResponse.parse(poll.json()).status).toBe('challenge');
    // another visit cannot see or drive it
    expect((await get().app.inject({ url: `/api/payment/blik/${s.sessionId}`, headers: { uuid: newUuid('x') } })).statusCode).toBe(404);
  });

  it('Blik errors: a wrong or expired code is a 422 and the visitor may type another; malformed codes are 400', async () => {
    const uuid = newUuid('blik');
    const s = await open(new BlikSandboxProvider({ confirmDelayMs: 0, waitSeconds: 60 }), uuid);
    const wrong = await postCode(s.sessionId, uuid, '123456');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error: 'BLIK_CODE_INVALID' });
    expect((await postCode(s.sessionId, uuid, BLIK_SANDBOX_CODES.expired)).json()).toMatchObject({ error: 'BLIK_CODE_EXPIRED' });
    expect((await postCode(s.sessionId, uuid, '12a456')).statusCode).toBe(400);
    expect((await postCode(s.sessionId, uuid, BLIK_SANDBOX_CODES.approve)).statusCode).toBe(200);
  });
});
