import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DevSmsResponse } from '@ticketing/shared/contracts';
import type { Db } from '../src/db/index.ts';

/** Customers of the customer tests: each test makes its own, so limits counted elsewhere never interfere. */
let seq = 0;
export const uniq = () => `${process.pid % 1000}${Date.now() % 100000}${seq++}`.slice(-7).padStart(7, '0');

export async function newCustomer(db: Db, first = 'Test'): Promise<string> {
  for (;;) {
    const mobile = `058${uniq()}`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO customers (first_name, last_name, mobile_number) VALUES ($1, 'Customer', $2) ON CONFLICT DO NOTHING RETURNING id`, [first, mobile]);
    if (rows[0]) return mobile;
  }
}

let addrSeq = 1;
/** A client address of its own (the per-address send limit counts by address). */
export const newAddress = () => `10.9.${Math.floor(addrSeq / 250)}.${(addrSeq++ % 250) + 1}`;

export function cookiesOf(res: { headers: Record<string, unknown> }): Record<string, string> {
  const list = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  return Object.fromEntries(list.map((c) => c.split(';')[0]!.split('=') as [string, string]));
}

export const lastCode = async (app: FastifyInstance, mobile: string) =>
  DevSmsResponse.parse((await app.inject({ url: `/api/dev/sms-outbox?mobileNumber=${mobile}` })).json()).messages[0]?.code ?? null;

export interface SignedIn { session: string; csrf: string; cookie: string; res: Awaited<ReturnType<FastifyInstance['inject']>> }

/** Signs in through the SMS code (send, read the outbox, verify); returns the cookies and the CSRF token. */
export async function signIn(app: FastifyInstance, mobile: string, cookie?: string): Promise<SignedIn> {
  const s = await app.inject({ method: 'POST', url: '/api/customer/mobile-login', payload: { mobileNumber: mobile }, remoteAddress: newAddress() });
  expect(s.statusCode, s.body).toBe(200);
  const res = await app.inject({
    method: 'POST', url: '/api/customer/mobile-login-validation-area',
    payload: { mobileNumber: mobile, smsCode: await lastCode(app, mobile) }, headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const c = cookiesOf(res);
  return { res, session: c.tx_customer!, csrf: c.tx_customer_csrf!, cookie: `tx_customer=${c.tx_customer}; tx_customer_csrf=${c.tx_customer_csrf}` };
}
