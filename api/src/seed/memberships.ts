import type { Db } from '../db/index.ts';
import { MEMBERSHIPS } from './data.ts';

/**
 * Membership purchase demo data (issue 10): the six-film series (membership 2) gets six upcoming events in the
 * 200-seat Hall 1 of Haifa (venue 21), one per day; re-picked when fewer than six are still ahead. CLUB gets the
 * price code CLUB-FRIENDS (a membership with price codes); Dana's M1002 expires in 5 days (renewal).
 */
export async function seedMemberships(db: Db): Promise<void> {
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727273)');
    // a demo database seeded before CLUB's description said what it gives (a discount it never gave) gets today's text
    const club = MEMBERSHIPS.find((m) => m[0] === 1)!;
    await q.query("UPDATE memberships SET description_he = $1, description_en = $2 WHERE id = 1 AND description_en = '20% off every ticket for a year'", [club[7], club[8]]);
    const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM membership_events e JOIN presentations p ON p.id = e.presentation_id
      WHERE e.membership_id = 2 AND p.starts_at > now() + interval '1 day'`);
    if (rows[0]!.n >= 6) return;
    await q.query('DELETE FROM membership_events WHERE membership_id = 2');
    await q.query(`INSERT INTO membership_events (membership_id, presentation_id, ordinal)
      SELECT 2, id, row_number() OVER (ORDER BY starts_at) FROM (
        SELECT DISTINCT ON (business_date) id, starts_at FROM presentations
        WHERE venue_id = 21 AND starts_at > now() + interval '1 day' ORDER BY business_date, starts_at) d
      ORDER BY starts_at LIMIT 6`);
    await q.query(`INSERT INTO membership_prices (id, membership_id, price_code, name_he, name_en, price, discount_id)
      VALUES (901, 1, 'CLUB-FRIENDS', 'חבר מביא חבר', 'Friends price', 15000, NULL) ON CONFLICT (id) DO NOTHING`);
    await q.query("UPDATE customer_members SET end_date = (now() AT TIME ZONE 'Asia/Jerusalem')::date + 5 WHERE member_number = 'M1002'");
  });
}
