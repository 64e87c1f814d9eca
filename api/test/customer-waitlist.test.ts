import { describe, expect, it } from 'vitest';
import { WaitingListEntryResponse, WaitingListResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { lastCode, newCustomer, signIn, type SignedIn } from './customer-helpers.ts';
import { allocate, findBlock, seatState, type Place } from '../src/domains/waitlist/allocate.ts';
import { outboxSmsProvider } from '../src/lib/sms.ts';

// The periodic pass would race the passes these tests run themselves.
process.env.WAITLIST_SWEEP_MS = '0';

describe('waiting list: which seats a party gets', () => {
  const row = (xs: number[], y = 1): Place[] => xs.map((x) => ({ sectionId: 1, x, y }));
  const seats = row([1, 2, 3, 4, 5, 6]);
  const free = (xs: number[]) => new Set(xs.map((x) => `1:${x}:1`));
  it('side by side, leaving no single free seat at either end', () => {
    expect(findBlock(seats, free([2, 3, 4]), 2, true)).toBeNull(); // either pair strands one seat
    expect(findBlock(seats, free([2, 3, 4, 5]), 2, true)).toEqual(row([2, 3]));
    expect(findBlock(seats, free([2, 3, 4]), 3, true)).toEqual(row([2, 3, 4]));
    expect(findBlock(seats, free([2, 4]), 2, true)).toBeNull();
  });
  it('without "adjacent only", any free seats when no block fits', () => {
    expect(findBlock(seats, free([2, 4]), 2, false)).toEqual(row([2, 4]));
    expect(findBlock(seats, free([2]), 2, false)).toBeNull();
  });
});

forEachEngine('waiting list: join, offers on freed seats, concurrency, expiry, leave, isolation', (get) => {
  const post = (url: string, payload: unknown, who?: SignedIn) => get().app.inject({
    method: 'POST', url: `/api${url}`, payload: payload as Record<string, unknown>,
    headers: { 'accept-language': 'en', ...(who ? { cookie: who.cookie, 'x-customer-csrf': who.csrf } : {}) },
  });
  const list = async (who: SignedIn) => WaitingListResponse.parse((await get().app.inject({ url: '/api/customer-area/waiting-list', headers: { cookie: who.cookie } })).json()).entries;

  /** A future presentation made sold out (every seat sold to a placeholder order); returns it and its seats by row. */
  async function soldOut(_nth: number) {
    const { db } = get();
    // The latest future one this file has not used yet; whatever the seeded history sold in it is cleared first
    // (which presentations the seed leaves untouched depends on the day and hour the suite runs).
    const { rows } = await db.query<{ id: number }>(`SELECT p.id FROM presentations p
      WHERE p.venue_id = 33 AND p.starts_at > now() + interval '1 day'
        AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = p.id AND ps.reservation_id = 'WLTEST')
        AND NOT EXISTS (SELECT 1 FROM waiting_list_entries w WHERE w.presentation_id = p.id)
      ORDER BY p.starts_at DESC LIMIT 1`);
    const pid = rows[0]!.id;
    await db.query('DELETE FROM presentation_seats WHERE presentation_id = $1', [pid]);
    const st = await seatState(db, pid);
    await db.query(`INSERT INTO presentation_seats (presentation_id, section_id, x, y, status, reservation_id)
      SELECT $1, u.s, u.x, u.y, 'sold', 'WLTEST' FROM unnest($2::int[], $3::int[], $4::int[]) AS u(s, x, y) ON CONFLICT DO NOTHING`,
    [pid, st.seats.map((p) => p.sectionId), st.seats.map((p) => p.x), st.seats.map((p) => p.y)]);
    // and its standing places (x = place, y = 0): sold out means no general admission either
    await db.query(`INSERT INTO presentation_seats (presentation_id, section_id, x, y, status, reservation_id)
      SELECT p.id, sec.id, g, 0, 'sold', 'WLTEST' FROM presentations p JOIN sections sec ON sec.seatplan_id = p.seatplan_id AND sec.is_ga
      CROSS JOIN LATERAL generate_series(1, sec.capacity) g WHERE p.id = $1 ON CONFLICT DO NOTHING`, [pid]);
    // a row with at least 8 seats side by side
    const byRow = new Map<string, Place[]>();
    for (const p of st.seats) byRow.set(`${p.sectionId}:${p.y}`, [...(byRow.get(`${p.sectionId}:${p.y}`) ?? []), p]);
    const rowsList = [...byRow.values()].map((r) => r.sort((a, b) => a.x - b.x))
      .filter((r) => r.length >= 8 && r.slice(0, 5).every((p, i) => i === 0 || p.x === r[i - 1]!.x + 1));
    expect(rowsList.length).toBeGreaterThanOrEqual(2);
    return { pid, rows: rowsList };
  }
  const freeSeats = (pid: number, seats: Place[]) => get().db.query(`DELETE FROM presentation_seats ps USING unnest($2::int[], $3::int[], $4::int[]) AS u(s, x, y)
    WHERE ps.presentation_id = $1 AND ps.section_id = u.s AND ps.x = u.x AND ps.y = u.y`, [pid, seats.map((p) => p.sectionId), seats.map((p) => p.x), seats.map((p) => p.y)]);
  const offers = async (pid: number) => (await get().db.query<{ id: number; customer_id: number; status: string; offer_uuid: string | null; offer_seats: Place[] | null }>(
    `SELECT id, customer_id, status, offer_uuid, offer_seats FROM waiting_list_entries WHERE presentation_id = $1 ORDER BY id`, [pid])).rows;

  it('joins only when the party cannot be seated now; one live entry per presentation; sign-in and CSRF required', async () => {
    const { app, db } = get();
    const a = await signIn(app, await newCustomer(db, 'Wanda'));
    // free places now: a reserved hall and a general-admission venue, whichever comes first in the day's timetable
    for (const ga of [false, true]) {
      const { rows } = await db.query<{ id: number }>(`SELECT p.id FROM presentations p JOIN venues v ON v.id = p.venue_id
        WHERE v.venue_type_id < 101 AND p.starts_at > now() + interval '2 days'
          AND EXISTS (SELECT 1 FROM sections s WHERE s.seatplan_id = p.seatplan_id AND s.is_ga = $1)
          AND NOT EXISTS (SELECT 1 FROM sections s WHERE s.seatplan_id = p.seatplan_id AND s.is_ga <> $1)
        ORDER BY p.starts_at LIMIT 1`, [ga]);
      expect((await post('/customer-area/waiting-list', { presentationId: rows[0]!.id, partySize: 2 }, a)).json().error).toBe('WAITLIST_SEATS_AVAILABLE');
    }
    const so = await soldOut(0);
    expect((await post('/customer-area/waiting-list', { presentationId: so.pid, partySize: 2 })).statusCode).toBe(401);
    expect((await post('/customer-area/waiting-list', { presentationId: so.pid, partySize: 2 }, { ...a, csrf: 'x' })).json().error).toBe('CSRF');
    const ok = await post('/customer-area/waiting-list', { presentationId: so.pid, partySize: 2, adjacentOnly: true }, a);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(WaitingListEntryResponse.parse(ok.json()).entry).toMatchObject({ status: 'waiting', partySize: 2, adjacentOnly: true });
    expect((await post('/customer-area/waiting-list', { presentationId: so.pid, partySize: 3 }, a)).json().error).toBe('WAITLIST_ALREADY');
  });

  it('concurrent frees and passes never offer one seat twice; offers follow the queue; an SMS carries the link', async () => {
    const { app, db } = get();
    const so = await soldOut(1);
    const people = await Promise.all(['Ann', 'Ben', 'Cat', 'Don'].map(async (n) => { const m = await newCustomer(db, n); return { m, s: await signIn(app, m) }; }));
    for (const p of people) expect((await post('/customer-area/waiting-list', { presentationId: so.pid, partySize: 2 }, p.s)).statusCode).toBe(200);
    const [r1, r2] = so.rows;
    const sms = outboxSmsProvider(db);
    // two cancellations free four seats each in two rows at the same moment, and passes run from several places
    await Promise.all([
      freeSeats(so.pid, r1!.slice(0, 4)).then(() => allocate(db, sms, so.pid)),
      freeSeats(so.pid, r2!.slice(0, 4)).then(() => allocate(db, sms, so.pid)),
      allocate(db, sms, so.pid), allocate(db, sms, so.pid),
    ]);
    await allocate(db, sms, so.pid);
    const all = await offers(so.pid);
    expect(all.map((o) => o.status)).toEqual(['offered', 'offered', 'offered', 'offered']);
    const keys = all.flatMap((o) => o.offer_seats!.map((p) => `${p.sectionId}:${p.x}:${p.y}`));
    expect(new Set(keys).size).toBe(8);
    for (const o of all) {
      const held = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM presentation_seats WHERE presentation_id = $1 AND holder_uuid = $2 AND status = 'held' AND expires_at > now()`, [so.pid, o.offer_uuid]);
      expect(held.rows[0]!.n).toBe(2);
    }
    const text = (await app.inject({ url: `/api/dev/sms-outbox?mobileNumber=${people[0]!.m}` })).json().messages[0].body as string;
    expect(text).toContain(`/customer/offer/${all[0]!.offer_uuid}`);
    const mine = await list(people[0]!.s);
    expect(mine[0]).toMatchObject({ status: 'offered', offerUrl: `/customer/offer/${all[0]!.offer_uuid}` });
    const offer = (await app.inject({ url: `/api/waiting-list/offer/${all[0]!.offer_uuid}` })).json();
    expect(offer).toMatchObject({ presentationId: so.pid, live: true });
    void lastCode;
  });

  it('three free seats never go to a pair (a single seat would be stranded); an unclaimed offer passes on; leaving passes an offer on; another customer cannot leave my entry', async () => {
    const { app, db } = get();
    const so = await soldOut(2);
    const ann = await signIn(app, await newCustomer(db, 'Ada'));
    const bob = await signIn(app, await newCustomer(db, 'Bea'));
    const cid = await signIn(app, await newCustomer(db, 'Cyd'));
    for (const w of [ann, bob, cid]) expect((await post('/customer-area/waiting-list', { presentationId: so.pid, partySize: 2 }, w)).statusCode).toBe(200);
    const sms = outboxSmsProvider(db);
    const row = so.rows[0]!;
    await freeSeats(so.pid, row.slice(0, 3));
    expect(await allocate(db, sms, so.pid)).toEqual([]);
    await freeSeats(so.pid, row.slice(3, 4));
    const first = await allocate(db, sms, so.pid);
    expect(first).toHaveLength(2); // four seats: two pairs, the first two in the queue
    let all = await offers(so.pid);
    expect(all.map((o) => o.status)).toEqual(['offered', 'offered', 'waiting']);

    // Ann's offer is not claimed in time: it expires and her seats go to Cyd
    await db.query(`UPDATE waiting_list_entries SET offer_expires_at = now() - interval '1 second' WHERE id = $1`, [all[0]!.id]);
    await db.query(`UPDATE presentation_seats SET expires_at = now() - interval '1 second' WHERE holder_uuid = $1`, [all[0]!.offer_uuid]);
    await allocate(db, sms, so.pid);
    all = await offers(so.pid);
    expect(all.map((o) => o.status)).toEqual(['expired', 'offered', 'offered']);
    expect(all[2]!.offer_seats).toEqual(all[0]!.offer_seats);

    // Cyd cannot leave Bob's entry; Bob leaves, his held seats are free again (nobody is waiting)
    expect((await post(`/customer-area/waiting-list/${all[1]!.id}/leave`, {}, cid)).json().error).toBe('NOT_FOUND');
    const left = await post(`/customer-area/waiting-list/${all[1]!.id}/leave`, {}, bob);
    expect(left.statusCode, left.body).toBe(200);
    expect(WaitingListResponse.parse(left.json()).entries).toEqual([]);
    const held = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM presentation_seats WHERE holder_uuid = $1`, [all[1]!.offer_uuid]);
    expect(held.rows[0]!.n).toBe(0);
  });
});
