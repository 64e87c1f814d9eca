import type { Db } from '../db/index.ts';
import { israeliIdFrom } from './orders.ts';

/** Demo customers of the enrolment e2e (one per locale, so each stays within the per-number SMS limit). */
export const ENROLMENT_CUSTOMERS = {
  tamar: { mobile: '0534445556', ssn: israeliIdFrom('09789012'), first: 'תמר', last: 'אורן', email: 'tamar@example.com' },
  noam: { mobile: '0534445557', ssn: israeliIdFrom('01987654'), first: 'Noam', last: 'Segal', email: 'noam@example.com' },
} as const;

/** The season's hall: Hall 1 of the Jerusalem Cinema (200 seats, seating policy 3: no single empty seat left beside a selection). */
export const SEASON_VENUE = 31;
const SEASON_TICKET_GROUP = SEASON_VENUE * 10 + 1; // the hall's regular ticket group (seed: venueId × 10 + 1)

/**
 * The theatre season's six plays, catalogued as plays (genre theatre, stage running times with the interval), not films:
 * feature id, he, en, minutes, rating, ru, ar, pl. Odd ordinals are required, even ones optional; the last is priced apart.
 */
const PLAYS = [
  [201, 'המלט', 'Hamlet', 175, '12+', 'Гамлет', 'هاملت', 'Hamlet'],
  [202, 'בית בובות', "A Doll's House", 135, '12+', 'Кукольный дом', 'بيت الدمية', 'Dom lalki'],
  [203, 'הדיבוק', 'The Dybbuk', 100, '12+', 'Диббук', 'الديبوك', 'Dybuk'],
  [204, 'כנר על הגג', 'Fiddler on the Roof', 165, 'G', 'Скрипач на крыше', 'عازف الكمان على السطح', 'Skrzypek na dachu'],
  [205, 'אנטיגונה', 'Antigone', 90, '12+', 'Антигона', 'أنتيغون', 'Antygona'],
  [206, 'ביקור הגברת הזקנה', 'The Visit', 120, '12+', 'Визит старой дамы', 'زيارة السيدة العجوز', 'Wizyta starszej pani'],
] as const;

/**
 * Enrolment demo data (issue 10): the theatre season (season 1) in the 200-seat Hall 1 of the Jerusalem Cinema
 * (venue 31, seating policy 3), fixed season seats, six evening performances on six days (3 required, 3 optional,
 * the last with its own price): each day's last show of the hall from tomorrow on is a performance of the play, the
 * play a catalog entry of genre theatre. Tariffs regular / student / senior of the hall's regular ticket group.
 * Events re-picked when fewer than six are still more than a day ahead. Two demo customers for the enrolment e2e.
 */
export async function seedEnrolment(db: Db): Promise<void> {
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727281)');
    for (const c of Object.values(ENROLMENT_CUSTOMERS)) {
      await q.query(`INSERT INTO customers (first_name, last_name, ssn, email, mobile_number, location_id) VALUES ($1, $2, $3, $4, $5, 2)
        ON CONFLICT DO NOTHING`, [c.first, c.last, c.ssn, c.email, c.mobile]);
    }
    for (const [id, he, en, minutes, rating, ru, ar, pl] of PLAYS) {
      await q.query(`INSERT INTO features (id, name_he, name_en, duration_min, rating, genre_he, genre_en, release_date, is_vod, description_he, description_en)
        VALUES ($1, $2, $3, $4, $5, 'תיאטרון', 'Theatre', (now() AT TIME ZONE 'Asia/Jerusalem')::date - 30, false, $6, $7)
        ON CONFLICT (id) DO NOTHING`,
      [id, he, en, minutes, rating, `הצגה · ${minutes} דקות כולל הפסקה`, `Play · ${minutes} minutes including the interval`]);
      for (const [locale, name] of [['ru', ru], ['ar', ar], ['pl', pl]] as const) {
        await q.query(`INSERT INTO localized_names (entity, entity_id, locale, name) VALUES ('feature', $1, $2, $3) ON CONFLICT DO NOTHING`, [id, locale, name]);
      }
    }
    // earlier demo data had the season in another hall: it moves with its events (re-picked below)
    await q.query(`INSERT INTO enrolment_seasons (id, code, name_he, name_en, description_he, description_en, venue_id, is_skip_member_seat,
        is_pricing_per_ticket, season_price, default_ticket_group_id, tariff_ticket_ids, max_seats)
      VALUES (1, 'THEATRE', 'עונת התיאטרון', 'Theatre season', 'מקום קבוע לכל העונה: שלוש הצגות חובה ועד שלוש לבחירה',
        'One fixed seat for the whole season: three required plays and up to three of your choice', $1, false, true, 0, $2,
        ARRAY[$2 * 10 + 1, $2 * 10 + 2, $2 * 10 + 3], 4)
      ON CONFLICT (id) DO UPDATE SET venue_id = EXCLUDED.venue_id, default_ticket_group_id = EXCLUDED.default_ticket_group_id,
        tariff_ticket_ids = EXCLUDED.tariff_ticket_ids
      WHERE enrolment_seasons.venue_id <> EXCLUDED.venue_id`, [SEASON_VENUE, SEASON_TICKET_GROUP]);
    const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM enrolment_events e JOIN presentations p ON p.id = e.presentation_id
      WHERE e.season_id = 1 AND p.venue_id = $1 AND p.starts_at > now() + interval '1 day'`, [SEASON_VENUE]);
    if (rows[0]!.n >= PLAYS.length) return;
    await q.query('DELETE FROM enrolment_events WHERE season_id = 1');
    // the last show of each day from tomorrow on: an evening performance
    const { rows: pres } = await q.query<{ id: number }>(`
      SELECT id FROM (SELECT DISTINCT ON (business_date) id, starts_at FROM presentations
        WHERE venue_id = $1 AND starts_at > now() + interval '1 day' ORDER BY business_date, starts_at DESC) d
      ORDER BY starts_at LIMIT $2`, [SEASON_VENUE, PLAYS.length]);
    for (const [i, p] of pres.entries()) {
      const play = PLAYS[i]!;
      await q.query('UPDATE presentations SET feature_id = $2 WHERE id = $1', [p.id, play[0]]);
      await q.query(`INSERT INTO enrolment_events (season_id, presentation_id, ordinal, title_he, title_en, is_required, payable_agorot, price_override_agorot)
        VALUES (1, $1, $2, $3, $4, $5, 12000, $6)`, [p.id, i + 1, play[1], play[2], i % 2 === 0, i === PLAYS.length - 1 ? 15000 : null]);
    }
  });
}
