/**
 * Two api processes over one PostgreSQL; 100 visits make 500 concurrent hold attempts on 100 seats
 * while 20 of them commit orders; one process is killed with SIGKILL mid-run (a client whose request
 * died retries it on the other process, as the load balancer or the browser would, with the same
 * Idempotency-Key for a commit). Afterwards: no seat has two holders or two sales, no committed order
 * is lost, and the database's own constraints agree.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import pg from 'pg';
import { cloneDb, startApi, type ApiProcess } from './lib.ts';

const VENUE = 33; // Jerusalem mixed hall: reserved section 3311 (8 × 14), no single-seat rule
const SECTION = 3311;
const REGULAR_TICKET = 3311;
const VISITS = 100;
const ATTEMPTS = 500;
const ORDERS = 20;

let db: Awaited<ReturnType<typeof cloneDb>>;
let a: ApiProcess;
let b: ApiProcess;
let client: pg.Client;

beforeAll(async () => {
  db = await cloneDb(inject('faultTemplate'), 'kill');
  [a, b] = await Promise.all([startApi(db.url), startApi(db.url)]);
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  if (process.env.FAULT_LOG_DIR) (await import('node:fs')).writeFileSync(`${process.env.FAULT_LOG_DIR}/kill-${Date.now()}.log`, `A:\n${a?.log.join('')}\nB:\n${b?.log.join('')}`);
  await client?.end().catch(() => undefined);
  await Promise.all([a?.stop('SIGKILL'), b?.stop()]);
  await db?.drop();
});

type P = { id: number; venueId: number; seatplanId: number };
const lockBody = (p: P, x: number, y: number) => ({
  recaptchaToken: 'test',
  seat: { PresentationId: p.id, VenueId: p.venueId, VenueSeatplanId: p.seatplanId, VenueSectionId: SECTION, TicketGroupId: null, XCoordinate: x, YCoordinate: y },
});
const customerInfo = (i: number) => ({
  firstName: 'Fault', lastName: `Visit${String.fromCharCode(97 + (i % 26))}`, ssn: '000000018', email: `fault${i}@example.com`, emailVerify: `fault${i}@example.com`,
  mobileNumber: '0501234567', mobileNumberVerify: '0501234567', termsConfirmed: true, isMailingAllowed: false,
});

/** One request to a process; a dead process (connection refused or reset) is retried once on the other. */
async function call(primary: ApiProcess, path: string, init: RequestInit & { headers?: Record<string, string> }, stats: { retried: number }): Promise<Response> {
  const other = primary === a ? b : a;
  try {
    return await fetch(`${primary.url}${path}`, init);
  } catch {
    stats.retried++;
    return fetch(`${other.url}${path}`, init);
  }
}

it('SIGKILL of one of two api processes mid-run: no double hold or sale, no committed order lost, constraints agree', async () => {
  const { rows: [pr] } = await client.query<{ id: number; venue_id: number; seatplan_id: number }>(
    `SELECT id, venue_id, seatplan_id FROM presentations p WHERE venue_id = $1 AND starts_at > now() + interval '2 hours'
       AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = p.id) ORDER BY starts_at, id LIMIT 1`, [VENUE]);
  const p: P = { id: pr!.id, venueId: pr!.venue_id, seatplanId: pr!.seatplan_id };
  const { rows: seats } = await client.query<{ x: number; y: number }>(`
    SELECT s.x, s.y FROM seats s WHERE s.section_id = $1 AND s.sofa_unit IS NULL AND NOT s.is_companion
      AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $2 AND ps.section_id = s.section_id AND ps.x = s.x AND ps.y = s.y)
    ORDER BY s.y, s.x LIMIT 100`, [SECTION, p.id]);
  expect(seats.length).toBe(100);

  const stats = { retried: 0 };
  const visits = Array.from({ length: VISITS }, (_, i) => `fault-${process.pid}-${i}`);
  // Deterministic pseudo-random choice: every seat is wanted by ~5 visits.
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const attempts = Array.from({ length: ATTEMPTS }, (_, k) => ({ visit: k % VISITS, seat: seats[Math.floor(rnd() * seats.length)]!, via: k % 2 === 0 ? a : b }));

  const granted = new Map<string, Set<string>>(); // seat → visits that got 200
  const statuses: Record<number, number> = {};
  const unclean: string[] = []; // the answers that were neither held nor refused, with their bodies
  const headers = (uuid: string) => ({ uuid, 'content-type': 'application/json', 'accept-language': 'en' });
  const lock = async (t: (typeof attempts)[number]) => {
    const uuid = visits[t.visit]!;
    const r = await call(t.via, '/api/seats/lock-seat', { method: 'PUT', headers: headers(uuid), body: JSON.stringify(lockBody(p, t.seat.x, t.seat.y)) }, stats);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const body = await r.text();
    if (r.status !== 200 && r.status !== 409) unclean.push(`${r.status} ${body.slice(0, 300)}`);
    if (r.status === 200) {
      const key = `${t.seat.x}_${t.seat.y}`;
      if (!granted.has(key)) granted.set(key, new Set());
      granted.get(key)!.add(uuid);
    }
    return r.status;
  };

  // Orders: visits 0..19 hold one seat of their own first (row by row, before the storm), then commit during it.
  const orderSeats = seats.slice(0, ORDERS);
  for (let i = 0; i < ORDERS; i++) expect(await lock({ visit: i, seat: orderSeats[i]!, via: i % 2 ? a : b })).toBe(200);
  const committed: { visit: string; identifier: string; seat: { x: number; y: number } }[] = [];
  const commitFailures: string[] = [];
  const order = async (i: number) => {
    const uuid = visits[i]!;
    const via = i % 2 === 0 ? a : b;
    const cart = { seats: [{ XCoordinate: orderSeats[i]!.x, YCoordinate: orderSeats[i]!.y, ticket: { prsntId: p.id, venueId: p.venueId, seatplanId: p.seatplanId, sectionId: SECTION, ticketId: REGULAR_TICKET } }], customerInfo: customerInfo(i) };
    const key = `fault-commit-${process.pid}-${i}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const priced = await call(via, '/api/cart', { method: 'POST', headers: headers(uuid), body: JSON.stringify({ cart }) }, stats);
        if (priced.status !== 200) throw new Error(`cart ${priced.status} ${await priced.text()}`);
        const total = ((await priced.json()) as { order: { amountDue: number } }).order.amountDue;
        const form = await call(via, `/api/payment/form/en?total=${total}`, { headers: { ...headers(uuid), origin: 'http://127.0.0.1' } }, stats);
        if (form.status !== 200) throw new Error(`form ${form.status} ${await form.text()}`);
        const { sessionId, paymentFormURL } = await form.json() as { sessionId: string; paymentFormURL: string };
        const formPath = new URL(paymentFormURL, 'http://x').pathname + new URL(paymentFormURL, 'http://x').search;
        const paid = await call(via, formPath, {
          method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ cardNumber: '4580 0000 0000 0000', expiry: '12/39', cvv: '123', holderId: '000000018', action: 'pay' }).toString(),
        }, stats);
        if (paid.status !== 200) throw new Error(`pay ${paid.status}`);
        await paid.arrayBuffer();
        const c = await call(via, '/api/payment/commit', {
          method: 'POST', headers: { ...headers(uuid), 'idempotency-key': key },
          body: JSON.stringify({ cart: { ...cart, paymentIdentifier: sessionId }, recaptchaToken: 't' }),
        }, stats);
        if (c.status === 200) {
          committed.push({ visit: uuid, identifier: ((await c.json()) as { reservationIdentifier: string }).reservationIdentifier, seat: orderSeats[i]! });
          return;
        }
        throw new Error(`commit ${c.status} ${await c.text()}`);
      } catch (e) {
        if (attempt === 2) commitFailures.push(`${uuid}: ${(e as Error).message}`);
      }
    }
  };

  // The storm: all 500 hold attempts and the 20 orders at once; SIGKILL process a once ~a third of the holds answered.
  let answered = 0;
  let killedAt = -1;
  const storm = attempts.map((t) => lock(t).finally(() => {
    if (++answered === Math.floor(ATTEMPTS / 3) && killedAt < 0) { killedAt = answered; a.proc.kill('SIGKILL'); }
  }));
  const orders = Array.from({ length: ORDERS }, (_, i) => order(i));
  await Promise.all([...storm, ...orders]);
  await a.exited;
  expect(killedAt).toBeGreaterThan(0);
  expect(a.proc.signalCode).toBe('SIGKILL');
  console.log(`[fault] holds: ${JSON.stringify(statuses)}, retried on the survivor: ${stats.retried}, committed ${committed.length}/${ORDERS}`);

  // Only clean answers: held (200) or taken / limit (409); never a 500.
  expect(unclean, `${JSON.stringify(statuses)}; survivor's log: ${b.log.join('').slice(-2000)}`).toEqual([]);
  expect(commitFailures).toEqual([]);
  expect(committed).toHaveLength(ORDERS);

  // 1. No seat was granted to two visits, and the database agrees with every grant.
  for (const [key, holders] of granted) expect(holders.size, `seat ${key} granted to ${[...holders].join(', ')}`).toBe(1);
  const { rows: state } = await client.query<{ x: number; y: number; status: string; holder_uuid: string | null; reservation_id: string | null }>(
    `SELECT x, y, status, holder_uuid, reservation_id FROM presentation_seats WHERE presentation_id = $1 AND section_id = $2
       AND (x, y) IN (SELECT * FROM unnest($3::int[], $4::int[]))`, [p.id, SECTION, seats.map((s) => s.x), seats.map((s) => s.y)]);
  const byKey = new Map(state.map((s) => [`${s.x}_${s.y}`, s]));
  expect(byKey.size).toBe(state.length); // one row per seat
  for (const [key, holders] of granted) {
    const s = byKey.get(key);
    expect(s, `granted seat ${key} has no row`).toBeDefined();
    if (s!.status === 'held') expect(s!.holder_uuid).toBe([...holders][0]);
  }
  expect(state.every((s) => granted.has(`${s.x}_${s.y}`)), 'a seat is held or sold without a granted request').toBe(true);

  // 2. No committed order lost: each answered commit is in the database, committed, its seat sold to it, once.
  for (const c of committed) {
    const { rows: [r] } = await client.query<{ id: number; status: string }>('SELECT id, status FROM reservations WHERE identifier = $1', [c.identifier]);
    expect(r, `reservation ${c.identifier}`).toBeDefined();
    expect(r!.status).toBe('committed');
    const { rows: tickets } = await client.query<{ x: number; y: number; status: string }>('SELECT x, y, status FROM reservation_tickets WHERE reservation_id = $1', [r!.id]);
    expect(tickets).toEqual([{ x: c.seat.x, y: c.seat.y, status: 'sold' }]);
    expect(byKey.get(`${c.seat.x}_${c.seat.y}`)!.status).toBe('sold');
  }
  const { rows: [dup] } = await client.query<{ n: number }>(`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM reservation_tickets WHERE presentation_id = $1 AND status IN ('sold','held')
    GROUP BY section_id, x, y HAVING count(*) > 1) d`, [p.id]);
  expect(dup!.n).toBe(0);
  const { rows: [perVisit] } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reservations WHERE uuid = ANY($1) AND status = 'committed'`, [visits.slice(0, ORDERS)]);
  expect(perVisit!.n).toBe(ORDERS); // a retried commit never made a second reservation
  const { rows: [soldNoTicket] } = await client.query<{ n: number }>(`
    SELECT count(*)::int AS n FROM presentation_seats ps WHERE ps.presentation_id = $1 AND ps.status = 'sold'
      AND NOT EXISTS (SELECT 1 FROM reservation_tickets rt WHERE rt.presentation_id = ps.presentation_id AND rt.section_id = ps.section_id
                      AND rt.x = ps.x AND rt.y = ps.y AND rt.status = 'sold')`, [p.id]);
  expect(soldNoTicket!.n).toBe(0);

  // 3. The database's own constraints agree: all validated, and they refuse a second holder and a second sale.
  const { rows: [invalid] } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_constraint WHERE NOT convalidated');
  expect(invalid!.n).toBe(0);
  const held = state.find((s) => s.status === 'held')!;
  await expect(client.query(
    `INSERT INTO presentation_seats (presentation_id, section_id, x, y, status, holder_uuid, expires_at) VALUES ($1, $2, $3, $4, 'held', 'intruder', now() + interval '5 minutes')`,
    [p.id, SECTION, held.x, held.y])).rejects.toMatchObject({ code: '23505' });
  const sold = committed[0]!;
  await expect(client.query(`
    INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, status)
    SELECT reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, 'sold' FROM reservation_tickets
    WHERE presentation_id = $1 AND x = $2 AND y = $3 AND status = 'sold'`, [p.id, sold.seat.x, sold.seat.y])).rejects.toMatchObject({ code: '23505' });

  // The survivor still serves, and a restarted process joins.
  expect((await fetch(`${b.url}/api/ready`)).status).toBe(200);
  a = await startApi(db.url);
  const again = await fetch(`${a.url}/api/seats/presentations?date=${new Date().toISOString().slice(0, 10)}`, { headers: { uuid: 'after' } });
  expect(again.status).toBe(200);
});
