/**
 * Issue 13 point 6 (staff sign-in): limits counted atomically in the database, per username + address
 * and per address, with the real client address behind a trusted proxy; bcrypt work bounded.
 */
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { forEachEngine } from './harness.ts';

const TLV = { username: 'manager.tlv', password: 'PresLive-1' };

forEachEngine('hardening: staff sign-in limits', (get) => {
  const signIn = (username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    get().app.inject({ method: 'POST', url: '/api/staff/login', payload: { username, password }, remoteAddress, headers });

  it('20 parallel wrong passwords → at most 5 tries accepted, the rest 429; the right password from that address then refused', async () => {
    const r = await Promise.all([...Array(20)].map(() => signIn(TLV.username, 'wrong-password', '10.13.1.1')));
    const tried = r.filter((x) => x.statusCode === 401).length;
    expect(tried).toBeLessThanOrEqual(5);
    expect(tried).toBeGreaterThan(0);
    expect(r.filter((x) => x.statusCode === 429).length).toBe(20 - tried);
    const { rows: [n] } = await get().db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_login_attempts WHERE ip = '10.13.1.1'`);
    expect(n!.n).toBe(tried);
    expect((await signIn(TLV.username, TLV.password, '10.13.1.1')).statusCode).toBe(429);
    // the real user elsewhere is not locked out by someone else's tries
    expect((await signIn(TLV.username, TLV.password, '10.13.1.2')).statusCode).toBe(200);
  });

  it('each wrong password says the tries left; the pause answers its real length; a success starts the count again', async () => {
    const ip = '10.13.4.1';
    const left: unknown[] = [];
    for (let i = 0; i < 3; i++) left.push((await signIn(TLV.username, 'wrong-password', ip)).json().attemptsLeft);
    expect(left).toEqual([4, 3, 2]);
    // the right password clears this username's earlier failures from this address: five tries again
    expect((await signIn(TLV.username, TLV.password, ip)).statusCode).toBe(200);
    left.length = 0;
    for (let i = 0; i < 5; i++) {
      const r = await signIn(TLV.username, 'wrong-password', ip);
      expect(r.statusCode).toBe(401);
      left.push(r.json().attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const paused = await signIn(TLV.username, TLV.password, ip);
    expect(paused.statusCode).toBe(429);
    const wait = paused.json().retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(880);
    expect(wait).toBeLessThanOrEqual(900);
    expect(paused.headers['retry-after']).toBe(String(wait));
    // the wait is until the oldest counted failure leaves the window, not the whole window again
    await get().db.query(`UPDATE staff_login_attempts SET attempted_at = attempted_at - interval '14 minutes' WHERE ip = $1`, [ip]);
    const later = (await signIn(TLV.username, TLV.password, ip)).json().retryAfterSeconds as number;
    expect(later).toBeGreaterThan(0);
    expect(later).toBeLessThanOrEqual(60);
  });

  it('a fresh username per try from one address is limited too (bounded bcrypt work)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await signIn(`nobody-${i}`, 'wrong-password', '10.13.2.1')).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });

  it('behind a trusted proxy the client address is X-Forwarded-For: one client locked out is not everyone', async () => {
    const app = await buildApp({ db: get().db, sweepIntervalMs: 0, trustProxy: '127.0.0.1', demo: false });
    try {
      const via = (xff: string, password: string) => app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: TLV.username, password }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': xff } });
      for (let i = 0; i < 6; i++) await via('10.13.3.1', 'wrong-password');
      expect((await via('10.13.3.1', TLV.password)).statusCode).toBe(429);
      expect((await via('10.13.3.2', TLV.password)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
