import type { Queryable } from '../../db/index.ts';
import type { RuleSeat } from './rules.ts';
import { rowsOf } from './rules.ts';

/** A seat plan in memory. Plans never change at run time, so each is loaded once per process. */
export interface PlanSeat extends RuleSeat {
  groupId: number;
  isLimitedView: boolean;
  isPremium: boolean;
}
export interface PlanSection {
  id: number; nameHe: string; nameEn: string; isGa: boolean; capacity: number; ticketGroupId: number; allocationId: number;
  bounds: { x: number; y: number; width: number; height: number };
  groups: Array<{ id: number; nameHe: string; nameEn: string }>;
}
export interface Plan {
  id: number; venueId: number; name: string; width: number; height: number;
  stage: { kind: 'screen' | 'stage'; x: number; y: number; width: number; height: number };
  sections: PlanSection[];
  sectionById: Map<number, PlanSection>;
  seats: PlanSeat[];
  /** `${sectionId}_${x}_${y}` → seat */
  seatByKey: Map<string, PlanSeat>;
  /** `${sectionId}_${y}` → row sorted by x */
  rows: Map<string, PlanSeat[]>;
}

export class PlanCache {
  private plans = new Map<number, Promise<Plan | null>>();
  constructor(private readonly q: Queryable) {}

  /** `via`: read through this connection (inside a caller's transaction, where PGlite has no other). */
  get(seatplanId: number, via: Queryable = this.q): Promise<Plan | null> {
    let p = this.plans.get(seatplanId);
    if (!p) {
      p = this.load(seatplanId, via);
      this.plans.set(seatplanId, p);
      p.catch(() => this.plans.delete(seatplanId));
    }
    return p;
  }

  private async load(id: number, q: Queryable): Promise<Plan | null> {
    const sp = await q.query<{ id: number; venue_id: number; name: string; width: number; height: number; stage_kind: 'screen' | 'stage'; stage_x: number; stage_y: number; stage_w: number; stage_h: number }>(
      'SELECT * FROM seatplans WHERE id = $1', [id]);
    const row = sp.rows[0];
    if (!row) return null;
    const secs = await q.query<{ id: number; name_he: string; name_en: string; is_ga: boolean; capacity: number; ticket_group_id: number; allocation_id: number; bx: number; by_: number; bw: number; bh: number }>(
      'SELECT * FROM sections WHERE seatplan_id = $1 ORDER BY sort, id', [id]);
    const groups = await q.query<{ id: number; section_id: number; name_he: string; name_en: string }>(
      'SELECT g.* FROM seat_groups g JOIN sections s ON s.id = g.section_id WHERE s.seatplan_id = $1 ORDER BY g.id', [id]);
    const seats = await q.query<{ section_id: number; x: number; y: number; group_id: number; row_name: string; seat_name: string; ticket_group_id: number; is_handicap: boolean; is_companion: boolean; is_limited_view: boolean; is_premium: boolean; sofa_unit: number | null }>(
      `SELECT s.section_id, s.x, s.y, s.group_id, s.row_name, s.seat_name, s.ticket_group_id, s.is_handicap, s.is_companion,
              s.is_limited_view, s.is_premium, s.sofa_unit
       FROM seats s JOIN sections se ON se.id = s.section_id WHERE se.seatplan_id = $1 ORDER BY s.section_id, s.y, s.x`, [id]);
    const sections: PlanSection[] = secs.rows.map((s) => ({
      id: s.id, nameHe: s.name_he, nameEn: s.name_en, isGa: s.is_ga, capacity: s.capacity, ticketGroupId: s.ticket_group_id,
      allocationId: s.allocation_id, bounds: { x: s.bx, y: s.by_, width: s.bw, height: s.bh },
      groups: groups.rows.filter((g) => g.section_id === s.id).map((g) => ({ id: g.id, nameHe: g.name_he, nameEn: g.name_en })),
    }));
    const planSeats: PlanSeat[] = seats.rows.map((s) => ({
      sectionId: s.section_id, x: s.x, y: s.y, groupId: s.group_id, rowName: s.row_name, seatName: s.seat_name,
      ticketGroupId: s.ticket_group_id, isHandicap: s.is_handicap, isCompanion: s.is_companion, isLimitedView: s.is_limited_view,
      isPremium: s.is_premium, sofaUnit: s.sofa_unit,
    }));
    return {
      id: row.id, venueId: row.venue_id, name: row.name, width: row.width, height: row.height,
      stage: { kind: row.stage_kind, x: row.stage_x, y: row.stage_y, width: row.stage_w, height: row.stage_h },
      sections,
      sectionById: new Map(sections.map((s) => [s.id, s])),
      seats: planSeats,
      seatByKey: new Map(planSeats.map((s) => [`${s.sectionId}_${s.x}_${s.y}`, s])),
      rows: rowsOf(planSeats),
    };
  }
}
