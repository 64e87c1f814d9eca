import type { Db } from '../../db/index.ts';

/** One single-seat admitted hold, as seat_hold_admitted (migration 271) takes it. */
export interface BatchedHold {
  presentationId: number; sectionId: number; uuid: string; addr: string; windowS: number; maxPerAddress: number;
  adding: number; x: number; y: number; ticketGroupId: number; maxSeats: number; event: string;
}

export type HoldRow = { outcome: 'ok' | 'taken' | 'max' | 'stale' | 'limit'; x: number; y: number; expires_at: Date };

/** seat_hold_admitted (migration 271): seat_admit (squat.ts) then seat_hold, in one statement; its seats are arrays. */
export const SEAT_HOLD_ADMITTED = `SELECT o_outcome AS outcome, o_x AS x, o_y AS y, o_expires_at AS expires_at
  FROM seat_hold_admitted($1, $2, $3, $4, $5, $6, $7, $8::int[], $9::int[], $10::int[], $11, $12, $13, $14)`;

/** seat_hold_admitted_batch (migration 300): the holds in arrival order, each row tagged with its hold's position (1-based). */
const MANY = `SELECT o_i AS i, o_outcome AS outcome, o_x AS x, o_y AS y, o_expires_at AS expires_at
  FROM seat_hold_admitted_batch($1::int[], $2::int[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[],
                                $8::int[], $9::int[], $10::int[], $11::int[], $12, $13::text[], $14)`;

/** Holds per batch: a long batch would hold its first seats' row locks while the last ones run. */
const MAX_BATCH = 64;

interface Pending { hold: BatchedHold; resolve: (rows: HoldRow[]) => void; reject: (e: unknown) => void }

/**
 * Group commit of single-seat holds (issue 12 item 5). A hold that arrives while none is in the database goes at
 * once, alone (no waiting at low load); holds that arrive meanwhile wait for it and then go together as one
 * statement and one commit. One batch at a time per api process: two batches in flight could take the same
 * seats and visits in opposite orders and deadlock each other. If a batch fails as a whole (it was rolled back),
 * each of its holds is tried again on its own, so one hold's error never becomes its neighbours'.
 */
export class HoldBatcher {
  private queue: Pending[] = [];
  private busy = false;
  /** Batches sent, holds in them, batches that failed and were retried hold by hold (for tests and benchmarks). */
  readonly stats = { batches: 0, batchedHolds: 0, fallbacks: 0 };

  constructor(private readonly db: Db, private readonly channel: string) {}

  hold(hold: BatchedHold): Promise<HoldRow[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ hold, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.busy || !this.queue.length) return;
    this.busy = true;
    const batch = this.queue.splice(0, MAX_BATCH);
    void this.run(batch).finally(() => { this.busy = false; this.pump(); });
  }

  private async run(batch: Pending[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const rows = await this.many(batch.map((b) => b.hold));
        this.stats.batches++;
        this.stats.batchedHolds += batch.length;
        const byHold = batch.map((): HoldRow[] => []);
        for (const r of rows) byHold[r.i - 1]?.push(r);
        batch.forEach((b, k) => b.resolve(byHold[k]!));
        return;
      } catch {
        // rolled back as a whole: each hold on its own below
        this.stats.fallbacks++;
      }
    }
    await Promise.all(batch.map(async (b) => {
      try { b.resolve(await this.one(b.hold)); } catch (e) { b.reject(e); }
    }));
  }

  private async one(h: BatchedHold): Promise<HoldRow[]> {
    const { rows } = await this.db.query<HoldRow>(SEAT_HOLD_ADMITTED, [
      h.presentationId, h.sectionId, h.uuid, h.addr, h.windowS, h.maxPerAddress, h.adding,
      [h.x], [h.y], [h.ticketGroupId], h.maxSeats, this.channel, h.event, true,
    ], 'seats_hold_admitted');
    return rows;
  }

  private async many(hs: BatchedHold[]): Promise<Array<HoldRow & { i: number }>> {
    const col = <K extends keyof BatchedHold>(k: K) => hs.map((h) => h[k]);
    const { rows } = await this.db.query<HoldRow & { i: number }>(MANY, [
      col('presentationId'), col('sectionId'), col('uuid'), col('addr'), col('windowS'), col('maxPerAddress'), col('adding'),
      col('x'), col('y'), col('ticketGroupId'), col('maxSeats'), this.channel, col('event'), true,
    ], 'seats_hold_admitted_batch');
    return rows;
  }
}

const batchers = new WeakMap<Db, HoldBatcher>();

/** The database's batcher (one per api process and database). */
export function holdBatcher(db: Db, channel: string): HoldBatcher {
  let b = batchers.get(db);
  if (!b) batchers.set(db, (b = new HoldBatcher(db, channel)));
  return b;
}
