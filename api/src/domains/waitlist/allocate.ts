import crypto from 'node:crypto';
import type { Db, Queryable } from '../../db/index.ts';
import type { SmsProvider } from '../../lib/sms.ts';
import { notifySeats } from '../seats/holds.ts';
import { publicBaseUrl } from '../../lib/publicUrl.ts';

/** An offer holds its seats this long (issue 9 item 5). */
export const OFFER_TTL_S = 15 * 60;

export interface Place { sectionId: number; x: number; y: number }

/**
 * The first block of `n` free seats the rules allow: side by side in one row (consecutive x) and leaving
 * no single free seat stranded at either end (spec 5 seat rules); with `adjacentOnly` false and no such
 * block, any `n` free seats. `seats` is every seat of the plan, `free` the keys of the free ones.
 */
export function findBlock(seats: Place[], free: Set<string>, n: number, adjacentOnly: boolean): Place[] | null {
  const key = (s: number, x: number, y: number) => `${s}:${x}:${y}`;
  const isFree = (s: number, x: number, y: number) => free.has(key(s, x, y));
  const rows = new Map<string, Place[]>();
  for (const p of seats) rows.set(`${p.sectionId}:${p.y}`, [...(rows.get(`${p.sectionId}:${p.y}`) ?? []), p]);
  for (const row of rows.values()) {
    row.sort((a, b) => a.x - b.x);
    for (let i = 0; i + n <= row.length; i++) {
      const block = row.slice(i, i + n);
      if (!block.every((p, j) => isFree(p.sectionId, p.x, p.y) && (j === 0 || p.x === block[j - 1]!.x + 1))) continue;
      const { sectionId: s, y } = block[0]!;
      const a = block[0]!.x, b = block[n - 1]!.x;
      const strandedLeft = isFree(s, a - 1, y) && !isFree(s, a - 2, y);
      const strandedRight = isFree(s, b + 1, y) && !isFree(s, b + 2, y);
      if (!strandedLeft && !strandedRight) return block;
    }
  }
  if (adjacentOnly) return null;
  const any = seats.filter((p) => isFree(p.sectionId, p.x, p.y)).slice(0, n);
  return any.length === n ? any : null;
}

/** Free general-admission places of the presentation (capacity less sales and live holds), summed over its GA sections. */
export async function freeGaPlaces(q: Queryable, presentationId: number): Promise<number> {
  const { rows } = await q.query<{ free: number }>(`
    SELECT COALESCE(sum(greatest(0, sec.capacity - (SELECT count(*) FROM presentation_seats ps WHERE ps.presentation_id = p.id
             AND ps.section_id = sec.id AND (ps.status = 'sold' OR ps.expires_at > now())))), 0)::int AS free
    FROM presentations p JOIN sections sec ON sec.seatplan_id = p.seatplan_id AND sec.is_ga WHERE p.id = $1`, [presentationId]);
  return rows[0]?.free ?? 0;
}

/** Every reserved seat of the presentation's plan and the keys of those free now (no sale, no live hold). */
export async function seatState(q: Queryable, presentationId: number): Promise<{ seats: Place[]; free: Set<string> }> {
  const { rows } = await q.query<{ section_id: number; x: number; y: number; taken: boolean }>(`
    SELECT s.section_id, s.x, s.y,
           EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = p.id AND ps.section_id = s.section_id AND ps.x = s.x AND ps.y = s.y
                   AND (ps.status = 'sold' OR ps.expires_at > now())) AS taken
    FROM presentations p JOIN sections sec ON sec.seatplan_id = p.seatplan_id AND NOT sec.is_ga
    JOIN seats s ON s.section_id = sec.id
    WHERE p.id = $1 AND NOT s.is_handicap AND NOT s.is_companion AND s.sofa_unit IS NULL`, [presentationId]);
  return {
    seats: rows.map((r) => ({ sectionId: r.section_id, x: r.x, y: r.y })),
    free: new Set(rows.filter((r) => !r.taken).map((r) => `${r.section_id}:${r.x}:${r.y}`)),
  };
}

export const OFFER_TEXTS = {
  he: (link: string) => `התפנו מקומות עבורך מרשימת ההמתנה! הם שמורים לך ל-15 דקות: ${link}`,
  en: (link: string) => `Seats opened up for you from the waiting list! They are held for you for 15 minutes: ${link}`,
} as const;

/** The offer's link in the SMS: absolute, from the configured public address (never a request's Host). */
export const offerLink = (base: string, uuid: string) => `${base}/customer/offer/${uuid}`;

/**
 * One allocation pass over a presentation, serialised per presentation by an advisory lock (so two passes
 * on concurrent frees never offer one seat twice; the conditional hold upsert also refuses a seat a visitor
 * holds meanwhile). Settles offers first (booked when their seats sold, expired when unclaimed), then walks
 * the queue in order and holds a block for each entry the free seats can serve. Returns the offers made.
 */
export async function allocate(db: Db, sms: SmsProvider, presentationId: number): Promise<Array<{ entryId: number; seats: Place[] }>> {
  const texts: Array<{ to: string; text: string }> = [];
  const base = publicBaseUrl(); // no configured address, no offers: an SMS without a working link would waste the 15 minutes
  const made = await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`waitlist:${presentationId}`]);
    await q.query(`UPDATE waiting_list_entries e SET status = 'booked' WHERE e.presentation_id = $1 AND e.status = 'offered'
      AND EXISTS (SELECT 1 FROM reservations r WHERE r.uuid = e.offer_uuid AND r.status = 'committed')`, [presentationId]);
    await q.query(`UPDATE waiting_list_entries SET status = 'expired' WHERE presentation_id = $1 AND status = 'offered' AND offer_expires_at <= now()`, [presentationId]);
    const { rows: queue } = await q.query<{ id: number; party_size: number; adjacent_only: boolean; mobile_number: string; lang: 'he' | 'en' }>(`
      SELECT e.id, e.party_size, e.adjacent_only, c.mobile_number, e.lang FROM waiting_list_entries e JOIN customers c ON c.id = e.customer_id
      JOIN presentations p ON p.id = e.presentation_id
      WHERE e.presentation_id = $1 AND e.status = 'waiting' AND p.starts_at > now() ORDER BY e.created_at, e.id`, [presentationId]);
    const out: Array<{ entryId: number; seats: Place[] }> = [];
    if (!queue.length) return out;
    const state = await seatState(q, presentationId);
    for (const e of queue) {
      if (state.free.size === 0) break;
      const block = findBlock(state.seats, state.free, e.party_size, e.adjacent_only);
      if (!block) continue;
      const uuid = `wl-${crypto.randomBytes(18).toString('base64url')}`;
      const held = await q.query<{ section_id: number; x: number; y: number }>(`
        INSERT INTO presentation_seats AS ps (presentation_id, section_id, x, y, status, holder_uuid, expires_at, ticket_group_id)
        SELECT $1, u.sec, u.x, u.y, 'held', $5, now() + make_interval(secs => $6), s.ticket_group_id
        FROM unnest($2::int[], $3::int[], $4::int[]) AS u(sec, x, y) JOIN seats s ON s.section_id = u.sec AND s.x = u.x AND s.y = u.y
        ON CONFLICT (presentation_id, section_id, x, y) DO UPDATE
          SET status = 'held', holder_uuid = EXCLUDED.holder_uuid, expires_at = EXCLUDED.expires_at, reservation_id = NULL, ticket_group_id = EXCLUDED.ticket_group_id
          WHERE ps.status = 'held' AND ps.expires_at <= now()
        RETURNING ps.section_id, ps.x, ps.y`,
      [presentationId, block.map((p) => p.sectionId), block.map((p) => p.x), block.map((p) => p.y), uuid, OFFER_TTL_S]);
      for (const p of block) state.free.delete(`${p.sectionId}:${p.x}:${p.y}`);
      if (held.rows.length !== block.length) {
        // A visitor took one of them meanwhile: give back what this offer got and try the next entry.
        await q.query(`DELETE FROM presentation_seats WHERE presentation_id = $1 AND holder_uuid = $2 AND status = 'held'`, [presentationId, uuid]);
        continue;
      }
      await q.query(`UPDATE waiting_list_entries SET status = 'offered', offer_uuid = $2, offer_seats = $3, offer_expires_at = now() + make_interval(secs => $4)
        WHERE id = $1`, [e.id, uuid, JSON.stringify(block), OFFER_TTL_S]);
      await notifySeats(q, presentationId, 'held', block.map((p) => [p.sectionId, p.x, p.y]));
      texts.push({ to: e.mobile_number, text: OFFER_TEXTS[e.lang](offerLink(base, uuid)) });
      out.push({ entryId: e.id, seats: block });
    }
    return out;
  });
  // Texts go after the commit: an offer that rolled back is never announced.
  for (const t of texts) await sms.send(t.to, t.text).catch(() => undefined);
  return made;
}

/** Presentations with a live waiting list (the periodic pass covers holds that expire anywhere). */
export async function presentationsWaiting(q: Queryable): Promise<number[]> {
  const { rows } = await q.query<{ presentation_id: number }>(`SELECT DISTINCT e.presentation_id FROM waiting_list_entries e
    JOIN presentations p ON p.id = e.presentation_id WHERE e.status IN ('waiting', 'offered') AND p.starts_at > now()`);
  return rows.map((r) => r.presentation_id);
}
