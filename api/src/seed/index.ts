import type { Db, Queryable } from '../db/index.ts';
import {
  DONATIONS, DONATION_DETAILS, FEATURES, LOCATIONS, MEMBERSHIPS, MEMBERSHIP_PRICES, PRODUCTS, SLOTS,
  SYSTEM_VOUCHERS, TICKET_KINDS, VENUES, VOUCHER_PRICES, VOUCHER_SUPER_CLASSES, type Layout,
} from './data.ts';
import { addDays, jerusalemToday } from '../lib/time.ts';
import { seedOrders } from './orders.ts';
import { seedLocalizedNames } from './localizedNames.ts';
import { seedIntegrations } from './integrations.ts';
import { seedSales } from './sales.ts';
import { seedVouchers } from './vouchers.ts';

/** Deterministic PRNG (mulberry32). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Multi-row INSERT with parameters. */
async function insertRows(q: Queryable, table: string, cols: string[], rows: ReadonlyArray<ReadonlyArray<unknown>>): Promise<void> {
  if (!rows.length) return;
  const params: unknown[] = [];
  const values = rows.map((r) => '(' + r.map((v) => {
    params.push(v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
    return '$' + params.length;
  }).join(',') + ')');
  await q.query(`INSERT INTO ${table} (${cols.join(',')}) VALUES ${values.join(',')}`, params);
}

export const seatplanIdOf = (venueId: number) => venueId * 10 + 1;
const tgId = (venueId: number, k: 1 | 2 | 3) => venueId * 10 + k; // 1 regular, 2 premium, 3 general admission

/** Seeds the demo catalog once (when there are no locations), then tops up presentations of the 29-day window. */
export async function seed(db: Db, opts: { today?: string } = {}): Promise<{ seeded: boolean; presentationsAdded: number }> {
  const seeded = await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727272)');
    const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM locations');
    if (rows[0]!.n > 0) return false;
    await seedStatic(q);
    return true;
  });
  await seedOrders(db);
  await seedIntegrations(db);
  await seedVouchers(db);
  const presentationsAdded = await seedPresentations(db, opts.today ?? jerusalemToday());
  await (await import('./memberships.ts')).seedMemberships(db);
  await (await import('./enrolment.ts')).seedEnrolment(db);
  // after the rows it names: the special and streaming tickets, the memberships' price codes, the season
  await seedLocalizedNames(db);
  await seedSales(db, { today: opts.today });
  await (await import('./customerarea.ts')).seedCustomerArea(db);
  return { seeded, presentationsAdded };
}

async function seedStatic(q: Queryable): Promise<void> {
  await insertRows(q, 'locations', ['id', 'name_he', 'name_en', 'city_he', 'city_en', 'business_id', 'auth_profile_id', 'web_booking_offline'], LOCATIONS);
  const today = jerusalemToday();
  await insertRows(q, 'features', ['id', 'name_he', 'name_en', 'duration_min', 'rating', 'genre_he', 'genre_en', 'release_date', 'is_vod', 'description_he', 'description_en'],
    FEATURES.map(([id, he, en, dur, rating, ghe, gen, rel, vod]) => [id, he, en, dur, rating, ghe, gen, addDays(today, rel), vod, `${ghe} · ${dur} דקות`, `${gen} · ${dur} minutes`]));
  await insertRows(q, 'venues', ['id', 'location_id', 'name_he', 'name_en', 'venue_type_id', 'seating_policy_id', 'service_charge'],
    VENUES.map((v) => v.slice(0, 7)));

  for (const [venueId, , , , , , , layout] of VENUES) await seedVenue(q, venueId, layout);

  // Tickets: every ticket group × every ticket kind, price = base × factor.
  await q.query(`
    INSERT INTO tickets (id, ticket_group_id, code, name_he, name_en, price, old_price, price_policy_id, multiply_factor, is_by_code_enabled, ticket_code, sort)
    SELECT tg.id * 10 + k.ord, tg.id, k.code, k.he, k.en,
           (round(b.base * k.factor / 1000.0 / 10) * 10)::int,
           CASE WHEN k.code = 'code' THEN b.base END,
           1000 + k.ord, k.mf, k.bycode, CASE WHEN k.bycode THEN 'CINEMA' || tg.venue_id END, k.ord
    FROM ticket_groups tg
    JOIN venues v ON v.id = tg.venue_id
    CROSS JOIN LATERAL (SELECT CASE
        WHEN v.venue_type_id = 4 THEN CASE tg.code WHEN 'premium' THEN 34900 ELSE 19900 END
        WHEN tg.code = 'premium' THEN 6500 WHEN tg.code = 'ga' THEN 5500 ELSE 4500 END AS base) b
    CROSS JOIN unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::boolean[])
      WITH ORDINALITY AS k(code, he, en, factor, mf, bycode, ord)`,
  [TICKET_KINDS.map((k) => k[0]), TICKET_KINDS.map((k) => k[1]), TICKET_KINDS.map((k) => k[2]), TICKET_KINDS.map((k) => k[3]), TICKET_KINDS.map((k) => k[4]), TICKET_KINDS.map((k) => k[5])]);

  await insertRows(q, 'products', ['id', 'name_he', 'name_en', 'category', 'price', 'is_delivery_required'], PRODUCTS);
  await insertRows(q, 'mini_sites', ['id', 'url', 'name_he', 'name_en', 'location_id', 'feature_ids'], [
    [1, 'tel-aviv-film-club', 'מועדון הסרטים תל אביב', 'Tel Aviv Film Club', 1, null],
  ]);
  await q.query(`UPDATE mini_sites SET feature_ids = ARRAY[1,3,7,9] WHERE id = 1`);
  await insertRows(q, 'memberships', ['id', 'type_id', 'code', 'name_he', 'name_en', 'class_name_he', 'class_name_en', 'description_he', 'description_en', 'terms_id', 'series_size'], MEMBERSHIPS);
  await insertRows(q, 'membership_prices', ['id', 'membership_id', 'price_code', 'name_he', 'name_en', 'price', 'discount_id'], MEMBERSHIP_PRICES);
  await insertRows(q, 'system_voucher_super_classes', ['id', 'name_he', 'name_en'], VOUCHER_SUPER_CLASSES);
  await insertRows(q, 'system_vouchers', ['id', 'class_id', 'super_class_id', 'name_he', 'name_en', 'description_he', 'description_en', 'validity_days', 'terms_id'], SYSTEM_VOUCHERS);
  await insertRows(q, 'system_voucher_prices', ['id', 'voucher_id', 'price', 'is_open_price', 'min_price', 'max_price', 'redemption'], VOUCHER_PRICES);
  await insertRows(q, 'donations', ['id', 'code', 'name_he', 'name_en', 'description_he', 'description_en'], DONATIONS);
  await insertRows(q, 'donation_details', ['id', 'donation_id', 'amount', 'custom_amount'], DONATION_DETAILS);

  // Capacities: reserved sections count their seats; a plan's capacity is seats + GA places.
  await q.query(`UPDATE sections se SET capacity = (SELECT count(*) FROM seats s WHERE s.section_id = se.id) WHERE NOT se.is_ga`);
  await q.query(`UPDATE seatplans sp SET capacity = COALESCE((SELECT sum(capacity) FROM sections se WHERE se.seatplan_id = sp.id), 0)`);
}

async function seedVenue(q: Queryable, venueId: number, layout: Layout): Promise<void> {
  const sp = seatplanIdOf(venueId);
  const tgs: Array<[number, number, string, string, string, number]> = [];
  if (layout !== 'vod') {
    tgs.push([tgId(venueId, 1), venueId, 'regular', 'רגיל', 'Regular', 1]);
    if (layout !== 'ga') tgs.push([tgId(venueId, 2), venueId, 'premium', 'פרימיום', 'Premium', 2]);
    if (layout === 'ga' || layout === 'mixed') tgs.push([tgId(venueId, 3), venueId, 'ga', 'כניסה כללית', 'General admission', 3]);
  }
  const plan = (w: number, h: number, kind: 'screen' | 'stage', sx: number, sy: number, sw: number, sh: number) =>
    insertRows(q, 'seatplans', ['id', 'venue_id', 'name', 'width', 'height', 'stage_kind', 'stage_x', 'stage_y', 'stage_w', 'stage_h'],
      [[sp, venueId, `plan-${venueId}`, w, h, kind, sx, sy, sw, sh]]);
  const section = (k: number, he: string, en: string, isGa: boolean, cap: number, tg: number, b: [number, number, number, number]) =>
    insertRows(q, 'sections', ['id', 'seatplan_id', 'name_he', 'name_en', 'is_ga', 'capacity', 'ticket_group_id', 'bx', 'by_', 'bw', 'bh', 'sort'],
      [[sp * 10 + k, sp, he, en, isGa, cap, tg, ...b, k]]);
  const group = (sectionId: number, he: string, en: string) =>
    insertRows(q, 'seat_groups', ['id', 'section_id', 'name_he', 'name_en'], [[sectionId * 10 + 1, sectionId, he, en]]);

  switch (layout) {
    case 'vod':
      await plan(1, 1, 'screen', 0, 0, 1, 1);
      return;
    case 'hall': {
      await plan(23, 13, 'screen', 1, 0, 21, 1);
      if (tgs.length) await insertRows(q, 'ticket_groups', ['id', 'venue_id', 'code', 'name_he', 'name_en', 'sort'], tgs);
      const sec = sp * 10 + 1;
      await section(1, 'אולם', 'Stalls', false, 0, tgId(venueId, 1), [1, 3, 21, 10]);
      await group(sec, 'אולם', 'Stalls');
      // 10 rows (A..J) × 20 seats with an aisle after seat 10. Row A: limited view at the ends;
      // rows F–G centre: premium; row J: handicap + companion at the ends, sofa pairs between.
      await q.query(`
        INSERT INTO seats (section_id, x, y, group_id, row_name, seat_name, ticket_group_id, is_handicap, is_companion, is_limited_view, is_premium, sofa_unit)
        SELECT $1, n + CASE WHEN n > 10 THEN 1 ELSE 0 END, r + 2, $2, chr(64 + r), n::text,
               CASE WHEN r IN (6, 7) AND n BETWEEN 6 AND 15 THEN $4::int ELSE $3::int END,
               r = 10 AND n IN (1, 20), r = 10 AND n IN (2, 19), r = 1 AND n IN (1, 2, 19, 20),
               r IN (6, 7) AND n BETWEEN 6 AND 15,
               CASE WHEN r = 10 AND n BETWEEN 3 AND 18 THEN r * 100 + (n + 1) / 2 END
        FROM generate_series(1, 10) r, generate_series(1, 20) n`,
      [sec, sec * 10 + 1, tgId(venueId, 1), tgId(venueId, 2)]);
      return;
    }
    case 'ga': {
      await plan(20, 14, 'stage', 2, 0, 16, 2);
      await insertRows(q, 'ticket_groups', ['id', 'venue_id', 'code', 'name_he', 'name_en', 'sort'], tgs);
      await section(1, 'רחבת עמידה', 'Standing floor', true, 150, tgId(venueId, 3), [1, 3, 18, 10]);
      await group(sp * 10 + 1, 'רחבה', 'Floor');
      return;
    }
    case 'mixed': {
      await plan(16, 17, 'screen', 1, 0, 14, 1);
      await insertRows(q, 'ticket_groups', ['id', 'venue_id', 'code', 'name_he', 'name_en', 'sort'], tgs);
      const sec = sp * 10 + 1;
      await section(1, 'מושבים', 'Seated', false, 0, tgId(venueId, 1), [1, 3, 14, 8]);
      await group(sec, 'מושבים', 'Seated');
      await q.query(`
        INSERT INTO seats (section_id, x, y, group_id, row_name, seat_name, ticket_group_id, is_handicap, is_companion, is_limited_view, is_premium, sofa_unit)
        SELECT $1, n, r + 2, $2, chr(64 + r), n::text,
               CASE WHEN r IN (5, 6) AND n BETWEEN 5 AND 10 THEN $4::int ELSE $3::int END,
               r = 8 AND n = 1, r = 8 AND n = 2, false, r IN (5, 6) AND n BETWEEN 5 AND 10, NULL::int
        FROM generate_series(1, 8) r, generate_series(1, 14) n`,
      [sec, sec * 10 + 1, tgId(venueId, 1), tgId(venueId, 2)]);
      await section(2, 'עמידה', 'Standing', true, 80, tgId(venueId, 3), [1, 12, 14, 4]);
      await group(sp * 10 + 2, 'עמידה', 'Standing');
      return;
    }
    case 'arena': {
      // 4 sections × 50 rows × 100 seats = 20,000 seats, side by side facing the stage.
      await plan(4 * 104, 54, 'stage', 100, 0, 216, 2);
      await insertRows(q, 'ticket_groups', ['id', 'venue_id', 'code', 'name_he', 'name_en', 'sort'], tgs);
      const names = [['גוש A', 'Block A'], ['גוש B', 'Block B'], ['גוש C', 'Block C'], ['גוש D', 'Block D']] as const;
      for (let k = 1; k <= 4; k++) {
        const sec = sp * 10 + k;
        const x0 = (k - 1) * 104 + 1;
        await section(k, names[k - 1]![0], names[k - 1]![1], false, 0, tgId(venueId, 1), [x0, 3, 100, 50]);
        await group(sec, names[k - 1]![0], names[k - 1]![1]);
        await q.query(`
          INSERT INTO seats (section_id, x, y, group_id, row_name, seat_name, ticket_group_id, is_handicap, is_companion, is_limited_view, is_premium, sofa_unit)
          SELECT $1, $5::int + n - 1, r + 2, $2, r::text, n::text,
                 CASE WHEN $6::boolean AND r <= 10 THEN $4::int ELSE $3::int END,
                 r = 50 AND n IN (1, 100), r = 50 AND n IN (2, 99), false, $6::boolean AND r <= 10, NULL::int
          FROM generate_series(1, 50) r, generate_series(1, 100) n`,
        [sec, sec * 10 + 1, tgId(venueId, 1), tgId(venueId, 2), x0, k === 2 || k === 3]);
      }
      return;
    }
  }
}

/** Adds the presentations of the 29-day window (today ± 14, Asia/Jerusalem) that are missing. Deterministic per venue and day. */
export async function seedPresentations(db: Db, today: string): Promise<number> {
  const features = FEATURES.filter((f) => !f[8]).map((f) => f[0]);
  const vodFeatures = [14, 1, 9];
  const rows: Array<[number, number, number, string, string, number]> = [];
  for (let d = -14; d <= 14; d++) {
    const date = addDays(today, d);
    for (const [venueId, , , , , , serviceCharge, layout] of VENUES) {
      const rnd = mulberry32(hash(`${venueId}:${date}`));
      let slots = SLOTS[layout];
      if (layout === 'arena') slots = hash(date) % 3 === 0 ? slots : [];
      if (layout === 'vod') slots = [-1, 0, 3, 7].includes(d) ? slots : [];
      if (layout === 'hall') slots = slots.filter(() => rnd() < 0.8);
      for (const t of slots) {
        const f = layout === 'vod' ? vodFeatures[Math.floor(rnd() * vodFeatures.length)]!
          : layout === 'arena' ? 13 : features[Math.floor(rnd() * features.length)]!;
        rows.push([f, venueId, seatplanIdOf(venueId), date, t, serviceCharge]);
      }
    }
  }
  rows.sort((a, b) => (a[3] + a[4]).localeCompare(b[3] + b[4]) || a[1] - b[1]);
  const col = <K extends number>(i: K) => rows.map((r) => r[i]);
  const { rows: added } = await db.query<{ id: number }>(`
    INSERT INTO presentations (feature_id, venue_id, seatplan_id, starts_at, business_date, service_charge)
    SELECT f, v, sp, (d || ' ' || t)::timestamp AT TIME ZONE 'Asia/Jerusalem', d::date, sc
    FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::int[]) AS u(f, v, sp, d, t, sc)
    ORDER BY d, t, v
    ON CONFLICT (venue_id, starts_at) DO NOTHING
    RETURNING id`,
  [col(0), col(1), col(2), col(3), col(4), col(5)]);
  return added.length;
}
