import type { Db, Queryable } from '../db/index.ts';
import { addDays, jerusalemToday } from '../lib/time.ts';
import { slugify } from '@ticketing/shared/contracts';

/**
 * Demo data of the orders domain (issue 4): special tickets (member, loyalty points, partner employee
 * with reference prompts, walk-in), add-ons, combination rules, coupons, issued gift vouchers, video on
 * demand prices, customers with memberships, the second mini-site. Runs once (when there are no customers).
 */

/** Israeli ID with a valid check digit from 8 leading digits. */
export function israeliIdFrom(prefix8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    let d = Number(prefix8[i]) * ((i % 2) + 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return prefix8 + String((10 - (sum % 10)) % 10);
}

export const DEMO_CUSTOMERS = {
  /** Active Cinema Club membership (member M1001, 10 member tickets), 500 loyalty points. */
  dana: { mobile: '0501234567', ssn: israeliIdFrom('03123456'), first: 'דנה', last: 'לוי', email: 'dana@example.com' },
  /** No membership. */
  yossi: { mobile: '0527654321', ssn: israeliIdFrom('04234567'), first: 'יוסי', last: 'כהן', email: 'yossi@example.com' },
  /** Expired (M1003), not started (M1004) and a member without member-sale tickets (M1006). */
  miriam: { mobile: '0541112223', ssn: israeliIdFrom('05345678'), first: 'Miriam', last: 'Katz', email: 'miriam@example.com' },
  /** No membership either: a second such customer, so sign-in flows stay within the per-number SMS limit. */
  avi: { mobile: '0529876543', ssn: israeliIdFrom('06456789'), first: 'אבי', last: 'מזרחי', email: 'avi@example.com' },
} as const;

/** Special ticket kinds added to every 'regular' ticket group: id = 100000 + group id × 10 + n. */
export const SPECIAL_TICKETS = [
  // n, code, he, en, price ‰ of the group's regular price, kind
  [1, 'member', 'כרטיס מנוי', 'Member ticket', 0, 'member'],
  [2, 'loyalty', 'כרטיס בנקודות', 'Loyalty points ticket', 0, 'loyalty'],
  [3, 'employee', 'עובדי ארגון שותף', 'Partner employee', 600, 'reference'],
  [4, 'walkin', 'המתנה', 'Standby', 700, 'walkin'],
] as const;
export const specialTicketId = (ticketGroupId: number, n: number) => 100000 + ticketGroupId * 10 + n;
export const LOYALTY_POINTS_PER_TICKET = 150;

export async function seedOrders(db: Db): Promise<boolean> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727273)');
    const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM customers');
    if (rows[0]!.n > 0) return false;
    await seedOrdersStatic(q, jerusalemToday());
    return true;
  });
}

async function seedOrdersStatic(q: Queryable, today: string): Promise<void> {
  // Web points of sale (location × 100 + 1) come from the sales seed (api/src/seed/sales.ts).

  // ---- add-ons on regular tickets ----
  await q.query(`INSERT INTO addons (id, name_he, name_en, price) VALUES
    (1, 'תוספת פופקורן', 'Popcorn add-on', 1500), (2, 'תוספת שתייה', 'Drink add-on', 1000)`);
  await q.query(`INSERT INTO ticket_addons (ticket_id, addon_id)
    SELECT t.id, a.id FROM tickets t CROSS JOIN addons a WHERE t.code = 'regular'`);

  // ---- special tickets in every 'regular' ticket group ----
  for (const [n, code, he, en, factor, kind] of SPECIAL_TICKETS) {
    await q.query(`
      INSERT INTO tickets (id, ticket_group_id, code, name_he, name_en, price, old_price, price_policy_id, multiply_factor, is_by_code_enabled, ticket_code, sort)
      SELECT 100000 + tg.id * 10 + $1::int, tg.id, $2, $3, $4, (round(r.price * $5::int / 1000.0 / 10) * 10)::int, r.price, 2000 + $1::int, 1, false, NULL, 10 + $1::int
      FROM ticket_groups tg JOIN tickets r ON r.ticket_group_id = tg.id AND r.code = 'regular'
      WHERE tg.code = 'regular'`, [n, code, he, en, factor]);
    await q.query(`
      INSERT INTO ticket_options (ticket_id, kind, ref1prompt_he, ref1prompt_en, ref2prompt_he, ref2prompt_en, walkin, loyalty_points)
      SELECT t.id, $2, $3, $4, $5, $6, $7, $8 FROM tickets t WHERE t.code = $1`,
    [code, kind,
      kind === 'reference' ? 'מספר עובד' : null, kind === 'reference' ? 'Employee number' : null,
      kind === 'reference' ? 'קוד ארגון' : null, kind === 'reference' ? 'Organisation code' : null,
      kind === 'walkin', kind === 'loyalty' ? LOYALTY_POINTS_PER_TICKET : null]);
  }

  // ---- combination rules ----
  await q.query(`INSERT INTO ticket_rules (ticket_id, companion_codes)
    SELECT id, ARRAY['regular','student','senior','couple','member','employee','code'] FROM tickets WHERE code = 'child'`);
  await q.query(`INSERT INTO ticket_rules (ticket_id, max_quantity) SELECT id, 4 FROM tickets WHERE code IN ('code', 'member')`);
  await q.query(`INSERT INTO ticket_rules (ticket_id, max_quantity, quota_per_presentation) SELECT id, 2, 5 FROM tickets WHERE code = 'walkin'`);

  // ---- video on demand: a streaming 'section' per VOD venue and its prices ----
  const { rows: vod } = await q.query<{ id: number; seatplan_id: number; venue_type_id: number }>(`
    SELECT v.id, sp.id AS seatplan_id, v.venue_type_id FROM venues v JOIN seatplans sp ON sp.venue_id = v.id
    WHERE v.venue_type_id BETWEEN 101 AND 104 ORDER BY v.id`);
  for (const v of vod) {
    const tg = v.id * 10 + 1;
    const sec = v.seatplan_id * 10 + 1;
    const premium = v.venue_type_id >= 103;
    await q.query(`INSERT INTO ticket_groups (id, venue_id, code, name_he, name_en, sort) VALUES ($1, $2, 'vod', 'צפייה ביתית', 'Streaming', 1)`, [tg, v.id]);
    await q.query(`INSERT INTO sections (id, seatplan_id, name_he, name_en, is_ga, capacity, ticket_group_id, bx, by_, bw, bh, sort)
      VALUES ($1, $2, 'צפייה ביתית', 'Streaming', true, 100000, $3, 0, 0, 1, 1, 1)`, [sec, v.seatplan_id, tg]);
    await q.query(`INSERT INTO seat_groups (id, section_id, name_he, name_en) VALUES ($1, $2, 'צפייה ביתית', 'Streaming')`, [sec * 10 + 1, sec]);
    await q.query(`INSERT INTO tickets (id, ticket_group_id, code, name_he, name_en, price, old_price, price_policy_id, multiply_factor, is_by_code_enabled, sort)
      VALUES ($1, $3, 'rental', 'השכרה ל-48 שעות', '48-hour rental', $4, NULL, 3001, 1, false, 1),
             ($2, $3, 'purchase', 'רכישה', 'Purchase', $5, NULL, 3002, 1, false, 2)`,
    [tg * 10 + 1, tg * 10 + 2, tg, premium ? 3990 : 2990, premium ? 7990 : 5990]);
    await q.query(`INSERT INTO ticket_options (ticket_id, kind) VALUES ($1, 'vod'), ($2, 'vod')`, [tg * 10 + 1, tg * 10 + 2]);
    await q.query(`UPDATE seatplans SET capacity = 100000 WHERE id = $1`, [v.seatplan_id]);
  }

  // ---- coupons ----
  await q.query(`INSERT INTO coupons (code, ticket_code, multiply_factor, balance, used, valid_until) VALUES
    ('FRIENDS2', 'code', 2, 5, 0, NULL),
    ('SINGLE1', 'code', 1, 3, 0, NULL),
    ('FAMILY4', 'code', 4, 2, 0, NULL),
    ('USEDUP', 'code', 1, 1, 1, NULL)`);

  // ---- customers and memberships ----
  const ins = async (c: { mobile: string; ssn: string; first: string; last: string; email: string }, points: number) =>
    (await q.query<{ id: number }>(`INSERT INTO customers (first_name, last_name, ssn, email, mobile_number, loyalty_points, location_id)
      VALUES ($1, $2, $3, $4, $5, $6, 1) RETURNING id`, [c.first, c.last, c.ssn, c.email, c.mobile, points])).rows[0]!.id;
  const dana = await ins(DEMO_CUSTOMERS.dana, 500);
  const yossi = await ins(DEMO_CUSTOMERS.yossi, 0);
  const miriam = await ins(DEMO_CUSTOMERS.miriam, 100);
  await ins(DEMO_CUSTOMERS.avi, 0);
  void yossi;
  const member = (customerId: number, membershipId: number, num: string, balance: number, used: number, start: string, end: string, allow = true) =>
    q.query(`INSERT INTO customer_members (customer_id, membership_id, member_number, membership_identifier, balance, used_balance, points_balance,
               start_date, end_date, allow_member_sale_tickets)
             VALUES ($1, $2, $3, $4, $5, $6, 0, $7::date, $8::date, $9)`,
    [customerId, membershipId, num, `MS-${num}`, balance, used, start, end, allow]);
  await member(dana, 1, 'M1001', 10, 0, addDays(today, -30), addDays(today, 335));
  await member(dana, 2, 'M1002', 6, 6, addDays(today, -30), addDays(today, 150));
  await member(miriam, 4, 'M1003', 10, 0, addDays(today, -400), addDays(today, -1));
  await member(miriam, 3, 'M1004', 10, 0, addDays(today, 5), addDays(today, 370));
  await member(miriam, 1, 'M1006', 10, 0, addDays(today, -10), addDays(today, 300), false);

  // ---- issued system vouchers (gift cards) ----
  const vi = (ref: string, voucherId: number, balance: number, tickets: number, start: string, end: string, customerId: number | null = null) =>
    q.query(`INSERT INTO system_voucher_items (reference, system_voucher_id, customer_id, balance, ticket_balance, start_date, end_date)
             VALUES ($1, $2, $3, $4, $5, $6::date, $7::date)`, [ref, voucherId, customerId, balance, tickets, start, end]);
  const from = addDays(today, -10), to = addDays(today, 355);
  await vi('GIFT-100-DEMO', 1, 10000, 0, from, to, dana);
  await vi('GIFT-200-DEMO', 2, 20000, 0, from, to);
  await vi('GIFT-30-DEMO', 3, 3000, 0, from, to);
  await vi('GIFT-EMPTY', 1, 0, 0, from, to);
  await vi('GIFT-EXPIRED', 1, 10000, 0, addDays(today, -400), addDays(today, -35));
  await vi('MOVIE-POP-DEMO', 4, 2000, 2, from, to);
  await vi('MOVIE-POP-USED', 4, 0, 0, from, to);
  await vi('MOVIE-POP-EXPIRED', 4, 2000, 2, addDays(today, -400), addDays(today, -35));

  // ---- mini-sites: the catalog seeded the first; make both with the slug helper ----
  await q.query(`INSERT INTO mini_sites (id, url, name_he, name_en, location_id, feature_ids) VALUES ($1, $2, $3, $4, 1, ARRAY[1,3,7,9])
    ON CONFLICT (id) DO NOTHING`, [1, slugify('Tel Aviv Film Club'), 'מועדון הסרטים תל אביב', 'Tel Aviv Film Club']);
  await q.query(`UPDATE mini_sites SET url = $1, presentation_list_mode = 'list', brand_color = '#b91c1c',
    logo_text_he = 'מועדון הסרטים', logo_text_en = 'Film Club' WHERE id = 1`, [slugify('Tel Aviv Film Club')]);
  await q.query(`INSERT INTO mini_sites (id, url, name_he, name_en, location_id, feature_ids, presentation_list_mode, brand_color,
      logo_text_he, logo_text_en, reference_ticket_codes)
    VALUES (2, $1, 'הסתדרות המורים חיפה', 'Haifa Teachers Union', 2, NULL, 'byFeature', '#047857', 'הסתדרות המורים', 'Teachers Union', ARRAY['employee'])
    ON CONFLICT (id) DO NOTHING`, [slugify('Haifa Teachers Union')]);
  await q.query(`INSERT INTO mini_site_references (mini_site_id, ticket_code, reference1, reference2, quantity) VALUES
    (2, 'employee', 'T1001', 'HTU', 4), (2, 'employee', 'T1002', 'HTU', 1), (2, 'employee', 'T1003', 'HTU', 0)`);
}
