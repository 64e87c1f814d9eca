import crypto from 'node:crypto';
import type { Db } from '../db/index.ts';
import { DEMO_CUSTOMERS, israeliIdFrom } from './orders.ts';
import { hashPassword } from '../domains/customers/identify.ts';

/**
 * Demo data of the customer area (issue 9): Yossi and Miriam each hold a paid reservation of two seats
 * in venue 33's last row, about ten days ahead, so the area has tickets to show and to cancel.
 * Once per database (identifiers C900001…).
 */
export async function seedCustomerArea(db: Db): Promise<void> {
  await seedSelfServiceCustomers(db);
  await seedSpecCustomers(db);
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727279)');
    if ((await q.query(`SELECT 1 FROM reservations WHERE identifier = 'C900001'`)).rows.length) return;
    const { rows: pres } = await q.query<{ id: number; location_id: number; business_id: number }>(`
      SELECT p.id, l.id AS location_id, l.business_id FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
      WHERE p.venue_id = 33 AND p.starts_at > now() + interval '9 days' ORDER BY p.starts_at LIMIT 1`);
    const p = pres[0];
    if (!p) return;
    const { rows: seats } = await q.query<{ x: number; y: number }>(`
      SELECT x, y FROM seats WHERE section_id = 3311 AND NOT is_handicap AND NOT is_companion AND NOT is_limited_view AND NOT is_premium AND sofa_unit IS NULL
        AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $1 AND ps.section_id = 3311 AND ps.x = seats.x AND ps.y = seats.y)
        AND NOT EXISTS (SELECT 1 FROM reservation_tickets rt WHERE rt.presentation_id = $1 AND rt.section_id = 3311 AND rt.x = seats.x AND rt.y = seats.y
                        AND rt.status IN ('sold', 'held'))
      ORDER BY y DESC, x LIMIT 4`, [p.id]);
    if (seats.length < 4) return;
    const { rows: tk } = await q.query<{ price: number }>('SELECT price FROM tickets WHERE id = 3311');
    const price = tk[0]!.price;
    const owners = [DEMO_CUSTOMERS.yossi.mobile, DEMO_CUSTOMERS.miriam.mobile];
    for (const [i, mobile] of owners.entries()) {
      const identifier = `C90000${i + 1}`;
      const mine = seats.slice(i * 2, i * 2 + 2);
      const { rows } = await q.query<{ id: number }>(`
        INSERT INTO reservations (identifier, customer_id, location_id, business_id, pos_id, status, total_agorot, document_key, mobile_number)
        SELECT $1, c.id, $2, $3, $2 * 100 + 1, 'committed', $4, $5, c.mobile_number FROM customers c WHERE c.mobile_number = $6
        RETURNING id`, [identifier, p.location_id, p.business_id, price * 2, crypto.randomBytes(18).toString('base64url'), mobile]);
      const rid = rows[0]!.id;
      for (const s of mine) {
        await q.query(`INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, status)
          VALUES ($1, $2, 3311, $3, $4, 3311, $5, 'sold')`, [rid, p.id, s.x, s.y, price]);
        await q.query(`INSERT INTO presentation_seats (presentation_id, section_id, x, y, status, reservation_id) VALUES ($1, 3311, $2, $3, 'sold', $4)`,
          [p.id, s.x, s.y, identifier]);
      }
    }
  });
}

/**
 * Customers of the self-service e2e specs (one per spec and language, so each stays inside the per-number
 * SMS limit): each holds two gift vouchers bought on the site (one to cancel, one to replace), a
 * video-on-demand title that is playing now, and a paid reservation of two seats about twelve days ahead.
 * Noa also signs in with a password (demo only: the seed runs in demo mode).
 */
export const SELF_SERVICE_CUSTOMERS = [
  { key: 'NOA', mobile: '0531234500', ssn: israeliIdFrom('07567890'), first: 'נועה', last: 'ברק', email: 'noa@example.com', password: 'demo-password-1' },
  { key: 'ELI', mobile: '0531234501', ssn: israeliIdFrom('08678901'), first: 'Eli', last: 'Shani', email: 'eli@example.com', password: 'demo-password-2' },
] as const;

async function seedSelfServiceCustomers(db: Db): Promise<void> {
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727280)');
    if ((await q.query('SELECT 1 FROM customers WHERE mobile_number = $1', [SELF_SERVICE_CUSTOMERS[0].mobile])).rows.length) return;
    const { rows: pres } = await q.query<{ id: number; location_id: number; business_id: number }>(`
      SELECT p.id, l.id AS location_id, l.business_id FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
      WHERE p.venue_id = 33 AND p.starts_at > now() + interval '11 days' ORDER BY p.starts_at LIMIT 1`);
    const { rows: vod } = await q.query<{ id: number; section_id: number; ticket_id: number; price: number }>(`
      SELECT p.id, s.id AS section_id, t.id AS ticket_id, t.price FROM presentations p JOIN venues v ON v.id = p.venue_id
      JOIN seatplans sp ON sp.venue_id = v.id JOIN sections s ON s.seatplan_id = sp.id JOIN tickets t ON t.ticket_group_id = s.ticket_group_id
      WHERE v.venue_type_id = 101 AND p.starts_at <= now() ORDER BY p.starts_at DESC, t.price DESC LIMIT 1`);
    const { rows: tk } = await q.query<{ price: number }>('SELECT price FROM tickets WHERE id = 3311');
    for (const [i, c] of SELF_SERVICE_CUSTOMERS.entries()) {
      const { rows } = await q.query<{ id: number }>(`INSERT INTO customers (first_name, last_name, ssn, email, mobile_number, location_id, password_hash)
        VALUES ($1, $2, $3, $4, $5, 1, $6) RETURNING id`, [c.first, c.last, c.ssn, c.email, c.mobile, c.password ? hashPassword(c.password) : null]);
      const id = rows[0]!.id;
      await q.query(`INSERT INTO customer_members (customer_id, membership_id, member_number, membership_identifier, balance, used_balance, points_balance,
          start_date, end_date) VALUES ($1, 1, $2, $3, 5, 0, 0, current_date - 10, current_date + 300)`, [id, `M2${i}01`, `MS-M2${i}01`]);
      const { rows: pu } = await q.query<{ id: number }>(`INSERT INTO voucher_purchases (identifier, uuid, customer_id, idempotency_key, cart_hash, total_agorot, buyer)
        VALUES ($1, 'seed', $2, $1, 'seed', 20000, $3) RETURNING id`, [`VP-${c.key}`, id, JSON.stringify({ firstName: c.first, lastName: c.last, email: c.email, mobileNumber: c.mobile })]);
      // two unused ₪100 gift cards (system voucher 1): a balance below the card's value needs the redemptions that spent it
      for (const [n, amount] of [[1, 10000], [2, 10000]] as const) {
        await q.query(`INSERT INTO system_voucher_items (reference, system_voucher_id, customer_id, balance, start_date, end_date, purchase_id)
          VALUES ($1, 1, $2, $3, current_date, current_date + 365, $4)`, [`GIFT-${c.key}-${n}`, id, amount, pu[0]!.id]);
      }
      const v = vod[0];
      if (v) {
        const r = await q.query<{ id: number }>(`INSERT INTO reservations (identifier, customer_id, location_id, business_id, pos_id, status, total_agorot, mobile_number)
          SELECT $1, $2, l.id, l.business_id, l.id * 100 + 1, 'committed', $3, $4 FROM presentations p JOIN venues v ON v.id = p.venue_id
          JOIN locations l ON l.id = v.location_id WHERE p.id = $5 RETURNING id`, [`C9100${i}1`, id, v.price, c.mobile, v.id]);
        await q.query(`INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, status)
          VALUES ($1, $2, $3, nextval('vod_place'), 1, $4, $5, 'sold')`, [r.rows[0]!.id, v.id, v.section_id, v.ticket_id, v.price]);
      }
      const p = pres[0];
      if (!p || !tk[0]) continue;
      const { rows: seats } = await q.query<{ x: number; y: number }>(`
        SELECT x, y FROM seats WHERE section_id = 3311 AND NOT is_handicap AND NOT is_companion AND NOT is_limited_view AND NOT is_premium AND sofa_unit IS NULL
          AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $1 AND ps.section_id = 3311 AND ps.x = seats.x AND ps.y = seats.y)
        ORDER BY y DESC, x LIMIT 2`, [p.id]);
      if (seats.length < 2) continue;
      const identifier = `C9200${i}1`;
      const res = await q.query<{ id: number }>(`INSERT INTO reservations (identifier, customer_id, location_id, business_id, pos_id, status, total_agorot, document_key, mobile_number)
        VALUES ($1, $2, $3, $4, $3 * 100 + 1, 'committed', $5, $6, $7) RETURNING id`,
      [identifier, id, p.location_id, p.business_id, tk[0].price * 2, crypto.randomBytes(18).toString('base64url'), c.mobile]);
      for (const st of seats) {
        await q.query(`INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, status)
          VALUES ($1, $2, 3311, $3, $4, 3311, $5, 'sold')`, [res.rows[0]!.id, p.id, st.x, st.y, tk[0].price]);
        await q.query(`INSERT INTO presentation_seats (presentation_id, section_id, x, y, status, reservation_id) VALUES ($1, 3311, $2, $3, 'sold', $4)`,
          [p.id, st.x, st.y, identifier]);
      }
    }
  });
}

/**
 * One customer per e2e spec and language, so specs run in parallel without sharing a number's SMS limit,
 * outbox or session: sign-in (customer-signin.spec), hold order by a member (customer-hold-order.spec, with
 * an active Cinema Club membership), video on demand (vod.spec), and the waiting list (customer-waitlist.spec): a visitor and another
 * customer whose paid two-seat reservation, cancelled in the test, frees the seats the visitor is offered
 * (each language on its own presentation of venue 33, about thirteen days ahead).
 */
export const SPEC_CUSTOMERS = [
  { mobile: '0531234502', ssn: israeliIdFrom('12345670'), first: 'Rina', last: 'Golan', email: 'rina@example.com', member: null, waitlistOwner: null },
  { mobile: '0531234503', ssn: israeliIdFrom('13456781'), first: 'עומר', last: 'דהן', email: 'omer@example.com', member: null, waitlistOwner: null },
  { mobile: '0531234504', ssn: israeliIdFrom('14567892'), first: 'Gal', last: 'Peretz', email: 'gal@example.com', member: 'M3001', waitlistOwner: null },
  { mobile: '0531234505', ssn: israeliIdFrom('15678903'), first: 'שירה', last: 'אזולאי', email: 'shira@example.com', member: 'M3002', waitlistOwner: null },
  { mobile: '0531234506', ssn: israeliIdFrom('16789014'), first: 'Lior', last: 'Adler', email: 'lior@example.com', member: null, waitlistOwner: null },
  { mobile: '0531234507', ssn: israeliIdFrom('17890125'), first: 'מאיה', last: 'רוזן', email: 'maya@example.com', member: null, waitlistOwner: null },
  { mobile: '0531234508', ssn: israeliIdFrom('18901236'), first: 'Ron', last: 'Biton', email: 'ron@example.com', member: null, waitlistOwner: 0 },
  { mobile: '0531234509', ssn: israeliIdFrom('19012347'), first: 'טל', last: 'חדד', email: 'tal@example.com', member: null, waitlistOwner: 1 },
  { mobile: '0531234510', ssn: israeliIdFrom('20123458'), first: 'דביר', last: 'כהן', email: 'dvir@example.com', member: null, waitlistOwner: null },
  // vod.spec: buying a title to watch at home (signed in) and finding it in the customer area, en and he
  { mobile: '0531234511', ssn: israeliIdFrom('21234569'), first: 'Yael', last: 'Mizrahi', email: 'yael@example.com', member: null, waitlistOwner: null },
  { mobile: '0531234512', ssn: israeliIdFrom('22345670'), first: 'אורי', last: 'לוי', email: 'uri@example.com', member: null, waitlistOwner: null },
] as const;

async function seedSpecCustomers(db: Db): Promise<void> {
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727281)');
    if ((await q.query('SELECT 1 FROM customers WHERE mobile_number = $1', [SPEC_CUSTOMERS[0].mobile])).rows.length) return;
    const { rows: pres } = await q.query<{ id: number; location_id: number; business_id: number }>(`
      SELECT p.id, l.id AS location_id, l.business_id FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
      WHERE p.venue_id = 33 AND p.starts_at > now() + interval '12 days 12 hours' ORDER BY p.starts_at LIMIT 2`);
    const { rows: tk } = await q.query<{ price: number }>('SELECT price FROM tickets WHERE id = 3311');
    for (const c of SPEC_CUSTOMERS) {
      const { rows } = await q.query<{ id: number }>(`INSERT INTO customers (first_name, last_name, ssn, email, mobile_number, location_id)
        VALUES ($1, $2, $3, $4, $5, 1) RETURNING id`, [c.first, c.last, c.ssn, c.email, c.mobile]);
      const id = rows[0]!.id;
      if (c.member) {
        await q.query(`INSERT INTO customer_members (customer_id, membership_id, member_number, membership_identifier, balance, used_balance, points_balance,
            start_date, end_date) VALUES ($1, 1, $2, $3, 10, 0, 0, current_date - 10, current_date + 300)`, [id, c.member, `MS-${c.member}`]);
      }
      const p = c.waitlistOwner === null ? undefined : pres[c.waitlistOwner];
      if (!p || !tk[0]) continue;
      const { rows: free } = await q.query<{ x: number; y: number }>(`
        SELECT x, y FROM seats WHERE section_id = 3311 AND NOT is_handicap AND NOT is_companion AND NOT is_limited_view AND NOT is_premium AND sofa_unit IS NULL
          AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $1 AND ps.section_id = 3311 AND ps.x = seats.x AND ps.y = seats.y)
        ORDER BY y DESC, x`, [p.id]);
      // side by side: the waiting list offers a party of two only seats next to each other
      const at = free.findIndex((s, i) => i > 0 && free[i - 1]!.y === s.y && free[i - 1]!.x === s.x - 1);
      if (at < 1) continue;
      const seats = free.slice(at - 1, at + 1);
      const identifier = `C930${c.waitlistOwner}1`;
      const res = await q.query<{ id: number }>(`INSERT INTO reservations (identifier, customer_id, location_id, business_id, pos_id, status, total_agorot, document_key, mobile_number)
        VALUES ($1, $2, $3, $4, $3 * 100 + 1, 'committed', $5, $6, $7) RETURNING id`,
      [identifier, id, p.location_id, p.business_id, tk[0].price * 2, crypto.randomBytes(18).toString('base64url'), c.mobile]);
      for (const st of seats) {
        await q.query(`INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, status)
          VALUES ($1, $2, 3311, $3, $4, 3311, $5, 'sold')`, [res.rows[0]!.id, p.id, st.x, st.y, tk[0].price]);
        await q.query(`INSERT INTO presentation_seats (presentation_id, section_id, x, y, status, reservation_id) VALUES ($1, 3311, $2, $3, 'sold', $4)`,
          [p.id, st.x, st.y, identifier]);
      }
    }
  });
}
