import bcrypt from 'bcryptjs';
import type { Db, Queryable } from '../db/index.ts';
import { addDays, jerusalemToday } from '../lib/time.ts';

/**
 * Demo sales history (issue 6), written through the same tables the booking path commits to:
 * points of sale, reservations with tickets for every presentation of the catalog's 29-day window
 * (sold up to 16 days ahead, so sale dates reach 30 days back) (sold, held by unpaid hold orders, some cancelled) and
 * concessions for past and coming presentations, seat state of coming presentations, two staff users,
 * ticket reference agents, prompts, options and redemptions. Runs once (when there are no staff users).
 * Everything is bulk INSERT … SELECT so it stays fast on PGlite.
 */
export const STAFF_USERS = [
  // username, password, first, last, businessIds
  { username: 'manager.tlv', password: 'PresLive-1', first: 'נועה', last: 'ברק', businessIds: [1] },
  { username: 'manager.jerusalem', password: 'PresLive-2', first: 'Avi', last: 'Mizrahi', businessIds: [2] },
] as const;

/** Coming presentations before today + FRESH_DAYS get no seeded sales (they are left to real bookings and tests). */
export const FRESH_DAYS = 4;

export const POS_KINDS = [
  // n, kind, he, en — id = location × 100 + n
  [1, 'web', 'אתר', 'Website'],
  [2, 'box_office', 'קופה', 'Box office'],
  [3, 'kiosk', 'עמדה אוטומטית', 'Self-service kiosk'],
  [4, 'mobile', 'אפליקציה', 'Mobile app'],
] as const;

export async function seedSales(db: Db, opts: { today?: string } = {}): Promise<{ seeded: boolean; tickets: number }> {
  const today = opts.today ?? jerusalemToday();
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727274)');
    const { rows: [c] } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_users');
    if (c!.n > 0) return { seeded: false, tickets: 0 };

    await q.query(`
      INSERT INTO points_of_sale (id, location_id, business_id, kind, name_he, name_en)
      SELECT l.id * 100 + k.n, l.id, l.business_id, k.kind, k.he || ' ' || l.city_he, k.en || ' ' || l.city_en
      FROM locations l CROSS JOIN unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS k(n, kind, he, en)
      ON CONFLICT (id) DO NOTHING`,
    [POS_KINDS.map((k) => k[0]), POS_KINDS.map((k) => k[1]), POS_KINDS.map((k) => k[2]), POS_KINDS.map((k) => k[3])]);

    await seedStaff(q);
    await seedTicketRef(q);
    const tickets = await seedTickets(q, today);
    return { seeded: true, tickets };
  });
}

async function seedStaff(q: Queryable): Promise<void> {
  for (const u of STAFF_USERS) {
    await q.query(`INSERT INTO staff_users (username, password_hash, first_name, last_name, business_ids) VALUES ($1, $2, $3, $4, $5)
                   ON CONFLICT (username) DO NOTHING`,
    [u.username, bcrypt.hashSync(u.password, 10), u.first, u.last, [...u.businessIds]]);
  }
}

/**
 * Agents (organisations) with reference prompts on their partner tickets ('employee' tickets of the
 * orders seed when present, otherwise the 'code' benefit tickets) and the accepted references.
 */
async function seedTicketRef(q: Queryable): Promise<void> {
  await q.query(`INSERT INTO ticket_ref_agents (customer_id, business_id, name_he, name_en) VALUES
    (9001, 1, 'אינטל ישראל — רווחה', 'Intel Israel welfare'),
    (9002, 1, 'אגודת הסטודנטים חיפה', 'Haifa Students Union'),
    (9003, 2, 'הדסה — ועד עובדים', 'Hadassah staff committee')`);
  const { rows: kinds } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM tickets WHERE code = 'employee'`);
  const code = kinds[0]!.n > 0 ? 'employee' : 'code';
  // prompt id, agent, business, venue (its regular ticket group), feature (null = any), price policy, feature category
  const prompts: Array<[number, number, number, number, number | null, number | null]> = [
    [1, 9001, 1, 11, null, 10],
    [2, 9001, 1, 13, 1, 10],
    [3, 9002, 1, 21, null, 20],
    [4, 9003, 2, 31, null, 30],
  ];
  for (const [id, agent, business, venue, feature, category] of prompts) {
    await q.query(`
      INSERT INTO ticket_ref_prompts (id, customer_id, business_id, ticket_id, feature_id, price_policy_id, presentation_id, feature_category_id,
                                      prompt_he, prompt_en, prompt2_he, prompt2_en)
      SELECT $1, $2, $3, t.id, $5, t.price_policy_id, NULL, $6, 'מספר עובד', 'Employee number', 'קוד ארגון', 'Organisation code'
      FROM tickets t WHERE t.ticket_group_id = $4 * 10 + 1 AND t.code = $7 ORDER BY t.id LIMIT 1`,
    [id, agent, business, venue, feature, category, code]);
  }
  // 12 references per prompt (the employee numbers), allotment 2–8 tickets each.
  await q.query(`
    INSERT INTO ticket_ref_options (price_type, price_id, price_row_id, prompt_id, reference1, reference2, quantity)
    SELECT 1, p.ticket_id, p.id * 100 + n, p.id, 'E' || (p.customer_id - 9000) || lpad((p.id * 100 + n)::text, 4, '0'),
           CASE p.customer_id WHEN 9001 THEN 'INTL' WHEN 9002 THEN 'HSU' ELSE 'HDS' END, 2 + (n * 7 + p.id) % 7
    FROM ticket_ref_prompts p CROSS JOIN generate_series(1, 12) n`);
}

/** The bulk of the history; returns the number of ticket rows. */
async function seedTickets(q: Queryable, today: string): Promise<number> {
  await q.query('SELECT setseed(0.20240601)');
  // Every place of every seat plan: reserved seats and general-admission places (x = place, y = 0).
  // Fill ratio per presentation: past 25–90 %, coming ones less the further away, arena 20–40 %.
  await q.exec(`
    CREATE TEMP TABLE seed_t ON COMMIT DROP AS
    WITH pres AS MATERIALIZED (
      SELECT p.id AS pid, p.seatplan_id, p.starts_at, p.service_charge, v.location_id, l.business_id,
             CASE WHEN v.venue_type_id = 4 THEN 0.2 + random() * 0.2
                  WHEN p.starts_at < now() THEN 0.25 + random() * 0.65
                  ELSE greatest(0.05, (0.55 + random() * 0.4) * (1 - extract(epoch FROM p.starts_at - now()) / 86400 / 20)) END AS fill
      FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
      WHERE v.venue_type_id < 101 AND p.business_date BETWEEN '${addDays(today, -30)}'::date AND '${addDays(today, 14)}'::date
        -- Presentations of the next days stay empty: the booking tests and demos take fresh ones there.
        AND (p.starts_at <= now() OR p.business_date >= '${addDays(today, FRESH_DAYS)}'::date)
        -- The theatre season's performances sell through enrolment: a random history would leave no seat free in all of them.
        AND p.id NOT IN (SELECT presentation_id FROM enrolment_events)
    ),
    places AS MATERIALIZED (
      SELECT se.seatplan_id, s.section_id, s.x, s.y, s.ticket_group_id AS tg FROM seats s JOIN sections se ON se.id = s.section_id WHERE NOT se.is_ga
      UNION ALL
      SELECT se.seatplan_id, se.id, g, 0, se.ticket_group_id FROM sections se, generate_series(1, se.capacity) g WHERE se.is_ga
    ),
    picked AS (
      SELECT pr.pid, pl.section_id, pl.x, pl.y, pl.tg, pr.starts_at, pr.service_charge, pr.location_id, pr.business_id, random() AS r
      FROM pres pr JOIN places pl ON pl.seatplan_id = pr.seatplan_id
      WHERE random() + 0 * pl.x < pr.fill  -- per place (a filter on pr alone would be drawn once per presentation)
    )
    SELECT k.*, k.tg * 10 + k.kind AS ticket_id, NULL::text AS ref1, NULL::text AS ref2
    FROM (SELECT *, dense_rank() OVER (ORDER BY pid, section_id, y, x / 6) AS res_no,
                 CASE WHEN r < 0.55 THEN 1 WHEN r < 0.70 THEN 2 WHEN r < 0.82 THEN 3 WHEN r < 0.92 THEN 4 ELSE 6 END AS kind
          FROM picked) k`);

  // Redemptions: some code-benefit tickets at a prompt's venue become the agent's partner ticket,
  // answered with one of the prompt's references (2 per reference, within every allotment).
  await q.exec(`
    WITH partner AS (
      SELECT t.ctid AS tid, pr.id AS prompt_id, pr.ticket_id AS pt,
             row_number() OVER (PARTITION BY pr.id ORDER BY t.starts_at, t.res_no, t.x) AS rn
      FROM seed_t t JOIN presentations p ON p.id = t.pid
      JOIN ticket_ref_prompts pr ON (SELECT tk.ticket_group_id FROM tickets tk WHERE tk.id = pr.ticket_id) = t.tg
                                 AND (pr.feature_id IS NULL OR p.feature_id = pr.feature_id)
      WHERE t.kind = 6
    ),
    opts AS (SELECT o.*, row_number() OVER (PARTITION BY o.prompt_id ORDER BY o.price_row_id) AS k FROM ticket_ref_options o)
    UPDATE seed_t t SET ticket_id = pa.pt, ref1 = o.reference1, ref2 = o.reference2
    FROM partner pa JOIN opts o ON o.prompt_id = pa.prompt_id AND o.k = 1 + (pa.rn - 1) % 12
    WHERE t.ctid = pa.tid AND pa.rn <= 24`);

  // One reservation per group of neighbouring places: status, point of sale, time, products.
  await q.exec(`
    CREATE TEMP TABLE seed_r ON COMMIT DROP AS
    SELECT g.*,
           CASE WHEN g.starts_at > now() AND g.r1 < 0.06 THEN 'held-unpaid'
                WHEN g.starts_at < now() AND g.r1 > 0.97 THEN 'cancelled' ELSE 'committed' END AS status,
           g.location_id * 100 + CASE WHEN g.r2 < 0.55 THEN 1 WHEN g.r2 < 0.85 THEN 2 WHEN g.r2 < 0.95 THEN 3 ELSE 4 END AS pos_id,
           greatest(now() - interval '30 days',
                    least(now() - interval '5 minutes', g.starts_at - interval '20 minutes' - (g.r3 * g.r3) * interval '16 days')) AS created_at,
           CASE WHEN g.r4 < 0.40 THEN (ARRAY[2,2,2,1,1,4,4,4,3,3,7,5,6,8])[1 + floor(g.r5 * 14)::int] END AS prod1,
           1 + floor(g.r6 * 3)::int AS qty1,
           CASE WHEN g.r4 < 0.15 THEN (ARRAY[4,4,5,5,1,3])[1 + floor(g.r7 * 6)::int] END AS prod2,
           '05' || (2 + floor(g.r7 * 7)::int) || lpad(floor(g.r6 * 10000000)::int::text, 7, '0') AS mobile
    FROM (SELECT res_no, min(pid) AS pid, min(location_id) AS location_id, min(business_id) AS business_id, min(starts_at) AS starts_at,
                 random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6, random() AS r7
          FROM seed_t GROUP BY res_no) g`);

  const { rows: [base] } = await q.query<{ b: number }>('SELECT COALESCE(max(id), 0)::int AS b FROM reservations');
  const b = base!.b;
  // Bulk load without per-row foreign-key checks and without the statement triggers when allowed
  // (superuser: always on PGlite): the rows are consistent by construction, and the pre-aggregations
  // (presentation_sales, presentation_daily_sales, pos_daily_sales, product_daily_sales) are computed
  // once below. Elsewhere the triggers keep them (slower, same result).
  const { rows: [su] } = await q.query<{ su: boolean }>('SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user');
  const bulk = !!su?.su;
  if (bulk) await q.exec(`SET LOCAL session_replication_role = replica`);
  // Per reservation: ticket prices, service charges and the number of tickets (all sold when committed).
  await q.exec(`
    CREATE TEMP TABLE seed_rt ON COMMIT DROP AS
    SELECT st.res_no, sum(tk.price)::int AS price, sum(st.service_charge)::int AS sc, count(*)::int AS n
    FROM seed_t st JOIN tickets tk ON tk.id = st.ticket_id GROUP BY st.res_no`);
  await q.exec(`
    INSERT INTO reservations (id, identifier, location_id, business_id, pos_id, status, total_agorot, service_charge_agorot, booking_fee_agorot, mobile_number, created_at)
    SELECT ${b} + r.res_no, 'S' || (1000000 + ${b} + r.res_no), r.location_id, r.business_id, r.pos_id, r.status,
           t.price + t.sc + CASE WHEN r.pos_id % 100 = 1 THEN 300 ELSE 0 END
             + COALESCE(p1.price * r.qty1, 0) + COALESCE(p2.price, 0),
           t.sc, CASE WHEN r.pos_id % 100 = 1 THEN 300 ELSE 0 END, r.mobile, r.created_at
    FROM seed_r r
    JOIN seed_rt t ON t.res_no = r.res_no
    LEFT JOIN products p1 ON p1.id = r.prod1
    LEFT JOIN products p2 ON p2.id = r.prod2 AND r.prod2 IS DISTINCT FROM r.prod1;
    SELECT setval(pg_get_serial_sequence('reservations', 'id'), (SELECT max(id) FROM reservations));

    INSERT INTO reservation_products (reservation_id, product_id, quantity, price_agorot)
    SELECT ${b} + r.res_no, r.prod1, r.qty1, p.price FROM seed_r r JOIN products p ON p.id = r.prod1 WHERE r.prod1 IS NOT NULL AND r.status <> 'cancelled';
    INSERT INTO reservation_products (reservation_id, product_id, quantity, price_agorot)
    SELECT ${b} + r.res_no, r.prod2, 1, p.price FROM seed_r r JOIN products p ON p.id = r.prod2
    WHERE r.prod2 IS NOT NULL AND r.prod2 IS DISTINCT FROM r.prod1 AND r.status <> 'cancelled';

    INSERT INTO reservation_tickets (reservation_id, presentation_id, section_id, x, y, ticket_id, price_agorot, service_charge_agorot, status, ref1, ref2, created_at)
    SELECT ${b} + t.res_no, t.pid, t.section_id, t.x, t.y, tk.id, tk.price, t.service_charge,
           CASE r.status WHEN 'held-unpaid' THEN 'held' WHEN 'cancelled' THEN 'cancelled' ELSE 'sold' END, t.ref1, t.ref2, r.created_at
    FROM seed_t t JOIN seed_r r ON r.res_no = t.res_no JOIN tickets tk ON tk.id = t.ticket_id;
  `);

  if (bulk) {
    await q.exec(`
      SET LOCAL session_replication_role = origin;
      INSERT INTO presentation_sales AS s (presentation_id, sold, held, revenue_agorot)
      SELECT presentation_id, count(*) FILTER (WHERE status = 'sold'), count(*) FILTER (WHERE status = 'held'),
             COALESCE(sum(price_agorot) FILTER (WHERE status = 'sold'), 0)
      FROM reservation_tickets WHERE reservation_id > ${b} GROUP BY presentation_id
      ON CONFLICT (presentation_id) DO UPDATE SET sold = s.sold + EXCLUDED.sold, held = s.held + EXCLUDED.held,
        revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
      INSERT INTO presentation_daily_sales AS s (presentation_id, sale_date, sold, held, revenue_agorot)
      SELECT presentation_id, (created_at AT TIME ZONE 'Asia/Jerusalem')::date, count(*) FILTER (WHERE status = 'sold'),
             count(*) FILTER (WHERE status = 'held'), COALESCE(sum(price_agorot) FILTER (WHERE status = 'sold'), 0)
      FROM reservation_tickets WHERE reservation_id > ${b} GROUP BY 1, 2
      ON CONFLICT (presentation_id, sale_date) DO UPDATE SET sold = s.sold + EXCLUDED.sold, held = s.held + EXCLUDED.held,
        revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
      -- Report pre-aggregations (migration 101): committed reservations per point of sale and per product, per sale day.
      INSERT INTO pos_daily_sales AS s (pos_id, business_id, sale_date, reservations, tickets, revenue_agorot)
      SELECT r.pos_id, r.business_id, (r.created_at AT TIME ZONE 'Asia/Jerusalem')::date, count(*), sum(t.n), sum(r.total_agorot)
      FROM reservations r JOIN seed_rt t ON t.res_no = r.id - ${b}  -- a committed order's tickets are all 'sold'
      WHERE r.id > ${b} AND r.status = 'committed' GROUP BY 1, 2, 3
      ON CONFLICT (pos_id, sale_date, business_id) DO UPDATE SET reservations = s.reservations + EXCLUDED.reservations,
        tickets = s.tickets + EXCLUDED.tickets, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
      INSERT INTO product_daily_sales AS s (product_id, business_id, location_id, sale_date, quantity, revenue_agorot)
      SELECT rp.product_id, r.business_id, r.location_id, (r.created_at AT TIME ZONE 'Asia/Jerusalem')::date,
             sum(rp.quantity), sum(rp.quantity::bigint * rp.price_agorot)
      FROM reservation_products rp JOIN reservations r ON r.id = rp.reservation_id
      WHERE rp.reservation_id > ${b} AND r.status = 'committed' GROUP BY 1, 2, 3, 4
      ON CONFLICT (product_id, sale_date, business_id, location_id) DO UPDATE SET quantity = s.quantity + EXCLUDED.quantity,
        revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;`);
  }

  // Seat state of coming presentations (past ones need none): sold and held-order places are taken.
  await q.exec(`
    INSERT INTO presentation_seats (presentation_id, section_id, x, y, status, reservation_id, ticket_group_id, created_at)
    SELECT t.pid, t.section_id, t.x, t.y, 'sold', 'S' || (1000000 + ${b} + t.res_no), t.tg, r.created_at
    FROM seed_t t JOIN seed_r r ON r.res_no = t.res_no
    WHERE r.status <> 'cancelled' AND t.starts_at > now() - interval '1 day'
    ON CONFLICT DO NOTHING`);

  // Fresh statistics: without them the planner picks nested loops over the new rows.
  await q.exec('ANALYZE reservations; ANALYZE reservation_tickets; ANALYZE reservation_products; ANALYZE presentation_sales; ANALYZE presentation_daily_sales; ANALYZE pos_daily_sales; ANALYZE product_daily_sales; ANALYZE presentation_seats; ANALYZE presentations');
  const { rows: [n] } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM reservation_tickets');
  return n!.n;
}
