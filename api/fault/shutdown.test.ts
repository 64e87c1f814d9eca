/**
 * Issue 13 point 7: graceful shutdown drains in-flight requests before the database closes. A real api
 * process (api/src/main.ts on PostgreSQL) gets a commit that the test keeps in flight (a connection of the
 * test holds the row lock of the seat being sold, so the commit waits inside its transaction); SIGTERM
 * arrives; once the process has stopped taking new requests the test lets the commit go. The commit's
 * response must arrive (200), the sale must be in the database, and the process must exit with code 0.
 * Does not restart PostgreSQL.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import pg from 'pg';
import { cloneDb, startApi, type ApiProcess } from './lib.ts';

const VENUE = 33;
const SECTION = 3311;
const REGULAR_TICKET = 3311;

let db: Awaited<ReturnType<typeof cloneDb>>;
let api: ApiProcess;
let client: pg.Client;

beforeAll(async () => {
  db = await cloneDb(inject('faultTemplate'), 'shutdown');
  api = await startApi(db.url);
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.query('ROLLBACK').catch(() => undefined);
  await client?.end().catch(() => undefined);
  await api?.stop('SIGKILL');
  await db?.drop();
});

it('SIGTERM during a commit: the commit completes and is answered, then the process exits cleanly', async () => {
  const { rows: [pr] } = await client.query<{ id: number; venue_id: number; seatplan_id: number }>(
    `SELECT id, venue_id, seatplan_id FROM presentations p WHERE venue_id = $1 AND starts_at > now() + interval '2 hours'
       AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = p.id) ORDER BY starts_at, id LIMIT 1`, [VENUE]);
  const { rows: [s] } = await client.query<{ x: number; y: number }>(`SELECT x, y FROM seats WHERE section_id = $1 AND sofa_unit IS NULL
    AND NOT is_companion AND NOT is_premium ORDER BY y, x LIMIT 1`, [SECTION]);
  const uuid = `shutdown-${process.pid}`;
  const headers = { uuid, 'content-type': 'application/json', 'accept-language': 'en' };
  const at = (path: string, init: RequestInit = {}) => fetch(`${api.url}${path}`, init);

  const held = await at('/api/seats/lock-seat', { method: 'PUT', headers, body: JSON.stringify({ recaptchaToken: 't', seat: {
    PresentationId: pr!.id, VenueId: pr!.venue_id, VenueSeatplanId: pr!.seatplan_id, VenueSectionId: SECTION, TicketGroupId: null, XCoordinate: s!.x, YCoordinate: s!.y } }) });
  expect(held.status, await held.text()).toBe(200);
  const cart = {
    seats: [{ XCoordinate: s!.x, YCoordinate: s!.y, ticket: { prsntId: pr!.id, venueId: pr!.venue_id, seatplanId: pr!.seatplan_id, sectionId: SECTION, ticketId: REGULAR_TICKET } }],
    customerInfo: { firstName: 'Shut', lastName: 'Down', ssn: '000000018', email: 'shutdown@example.com', emailVerify: 'shutdown@example.com',
      mobileNumber: '0501234567', mobileNumberVerify: '0501234567', termsConfirmed: true, isMailingAllowed: false },
  };
  const priced = await at('/api/cart', { method: 'POST', headers, body: JSON.stringify({ cart }) });
  expect(priced.status).toBe(200);
  const total = ((await priced.json()) as { order: { amountDue: number } }).order.amountDue;
  const form = await at(`/api/payment/form/en?total=${total}`, { headers: { ...headers, origin: 'http://127.0.0.1' } });
  expect(form.status).toBe(200);
  const { sessionId, paymentFormURL } = await form.json() as { sessionId: string; paymentFormURL: string };
  const paid = await at(new URL(paymentFormURL, 'http://x').pathname + new URL(paymentFormURL, 'http://x').search, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4580 0000 0000 0000', expiry: '12/39', cvv: '123', holderId: '000000018', action: 'pay' }).toString(),
  });
  expect(paid.status).toBe(200);
  await paid.arrayBuffer();

  // Keep the commit in flight: the seat row it sells is locked by the test.
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM presentation_seats WHERE presentation_id = $1 AND section_id = $2 AND x = $3 AND y = $4 FOR UPDATE', [pr!.id, SECTION, s!.x, s!.y]);
  const inFlight = at('/api/payment/commit', {
    method: 'POST', headers: { ...headers, 'idempotency-key': `shutdown-${process.pid}` },
    body: JSON.stringify({ cart: { ...cart, paymentIdentifier: sessionId }, recaptchaToken: 't' }),
  });
  let early: Response | undefined;
  void inFlight.then((r) => { early = r; }, () => undefined);
  for (;;) {
    await client.query('SELECT pg_stat_clear_snapshot()'); // the activity view is a snapshot per transaction
    const { rows: [w] } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%UPDATE presentation_seats%'`);
    if (w!.n > 0) break;
    if (early) throw new Error(`the commit was answered before it could be held: ${early.status} ${await early.text()}`);
    await new Promise((ok) => setTimeout(ok, 20));
  }

  api.proc.kill('SIGTERM');
  // Shutdown has begun once a new request is refused (connection refused or 503); the commit is still waiting.
  for (;;) {
    const r = await fetch(`${api.url}/api/ready`, { headers: { connection: 'close' } }).then((x) => x.status, () => 0);
    if (r === 0 || r === 503) break;
    await new Promise((ok) => setTimeout(ok, 20));
  }
  expect(api.proc.exitCode).toBeNull();
  await client.query('COMMIT');

  const answer = await inFlight;
  expect(answer.status).toBe(200);
  const { reservationIdentifier } = await answer.json() as { reservationIdentifier: string };
  expect(await api.exited).toBe(0);
  const { rows } = await client.query<{ status: string }>('SELECT status FROM reservations WHERE identifier = $1', [reservationIdentifier]);
  expect(rows[0]?.status).toBe('committed');
  const { rows: seat } = await client.query<{ status: string }>('SELECT status FROM presentation_seats WHERE presentation_id = $1 AND section_id = $2 AND x = $3 AND y = $4', [pr!.id, SECTION, s!.x, s!.y]);
  expect(seat[0]?.status).toBe('sold');
});
