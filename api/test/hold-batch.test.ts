/**
 * Group commit of the hold path (issue 12 item 5, holdBatch.ts): on PostgreSQL, single-seat holds that arrive
 * together go to the database as one statement. Whatever the batching, the answers are those of holds sent one
 * by one: one winner per seat, a visit's maxSeats, each visit's own expiry. On PGlite (no batching) the same
 * answers are checked.
 */
import { describe, expect, it } from 'vitest';
import { forEachEngine, ctxFor, enginesUnderTest, futurePresentation, lockBody, newUuid } from './harness.ts';
import { holdBatcher, type BatchedHold } from '../src/domains/seats/holdBatch.ts';
import { SEAT_CHANNEL } from '../src/domains/seats/holds.ts';

const SECTION = 2111; // venue 21's reserved section

forEachEngine('holds sent at once', (get) => {
  it('one winner per contended seat, a greedy visit stops at maxSeats, every answer matches the database', async () => {
    const { db, app } = get();
    const p = await futurePresentation(db, 21, 40);
    const { rows: seats } = await db.query<{ x: number; y: number }>(`
      SELECT s.x, s.y FROM seats s WHERE s.section_id = $1 AND NOT s.is_handicap AND NOT s.is_companion AND s.sofa_unit IS NULL
        AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $2 AND ps.section_id = s.section_id
                        AND ps.x = s.x AND ps.y = s.y AND (ps.status = 'sold' OR ps.expires_at > now()))
      ORDER BY s.y, s.x LIMIT 25`, [SECTION, p.id]);
    expect(seats).toHaveLength(25);
    const contended = seats.slice(0, 12);
    const greedySeats = seats.slice(12);
    const lock = (uuid: string, s: { x: number; y: number }, addr: string) =>
      app.inject({ method: 'PUT', url: '/api/seats/lock-seat', headers: { uuid }, payload: lockBody(p, SECTION, s.x, s.y), remoteAddress: addr });
    const pairs = contended.map((s, i) => ({ s, uuids: [newUuid(`pairA${i}`), newUuid(`pairB${i}`)] }));
    const greedy = newUuid('greedy');
    const before = get().engine === 'postgres' ? { ...holdBatcher(db, SEAT_CHANNEL).stats } : null;
    const [pairAnswers, greedyAnswers] = await Promise.all([
      Promise.all(pairs.map((pr, i) => Promise.all(pr.uuids.map((u, k) => lock(u, pr.s, `10.77.${i}.${k + 1}`))))),
      Promise.all(greedySeats.map((s) => lock(greedy, s, '10.77.100.1'))),
    ]);

    for (const [i, answers] of pairAnswers.entries()) {
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, `seat ${i}`).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe('lock_seat_error');
      const winner = pairs[i]!.uuids[answers.findIndex((a) => a.statusCode === 200)];
      const { rows } = await db.query<{ holder_uuid: string }>(`SELECT holder_uuid FROM presentation_seats
        WHERE presentation_id = $1 AND section_id = $2 AND x = $3 AND y = $4 AND status = 'held' AND expires_at > now()`, [p.id, SECTION, pairs[i]!.s.x, pairs[i]!.s.y]);
      expect(rows.map((r) => r.holder_uuid)).toEqual([winner]);
    }
    const ok = greedyAnswers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(10);
    expect(greedyAnswers.filter((a) => a.statusCode === 409).map((a) => a.json().error)).toEqual(['MAX_SEATS', 'MAX_SEATS', 'MAX_SEATS']);
    // one visit, one expiry: every later hold of the greedy visit got its first hold's
    expect(new Set(ok.map((a) => a.json().expiresAt)).size).toBe(1);
    const { rows: held } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM presentation_seats
      WHERE presentation_id = $1 AND holder_uuid = $2 AND status = 'held' AND expires_at > now()`, [p.id, greedy]);
    expect(held[0]!.n).toBe(10);
    if (before) {
      // on PostgreSQL they really went together: fewer statements than holds
      const after = holdBatcher(db, SEAT_CHANNEL).stats;
      expect(after.batchedHolds - before.batchedHolds).toBeGreaterThan(after.batches - before.batches);
    }
  });
});

describe.runIf(enginesUnderTest().includes('postgres'))('holds sent at once [postgres]: a failed batch', () => {
  it('is retried hold by hold: the faulty hold fails alone, its neighbours are held', async () => {
    const { db } = await ctxFor('postgres');
    const p = await futurePresentation(db, 21, 41);
    const { rows: seats } = await db.query<{ x: number; y: number; tg: number }>(`
      SELECT s.x, s.y, s.ticket_group_id AS tg FROM seats s WHERE s.section_id = $1 AND NOT s.is_handicap AND NOT s.is_companion AND s.sofa_unit IS NULL
        AND NOT EXISTS (SELECT 1 FROM presentation_seats ps WHERE ps.presentation_id = $2 AND ps.section_id = s.section_id
                        AND ps.x = s.x AND ps.y = s.y AND (ps.status = 'sold' OR ps.expires_at > now()))
      ORDER BY s.y DESC, s.x LIMIT 4`, [SECTION, p.id]);
    expect(seats).toHaveLength(4);
    const batcher = holdBatcher(db, SEAT_CHANNEL);
    const hold = (i: number, uuid: string | null): BatchedHold => ({
      presentationId: p.id, sectionId: SECTION, uuid: uuid as string, addr: `10.78.0.${i + 1}`, windowS: 600, maxPerAddress: 40,
      adding: 1, x: seats[i]!.x, y: seats[i]!.y, ticketGroupId: seats[i]!.tg, maxSeats: 10, event: '{}',
    });
    const before = { ...batcher.stats };
    // the first goes alone at once; the next three wait for it and go together, the second of them cannot be stored
    const [first, a, bad, b] = await Promise.allSettled([
      batcher.hold(hold(0, newUuid('fb0'))), batcher.hold(hold(1, newUuid('fb1'))), batcher.hold(hold(2, null)), batcher.hold(hold(3, newUuid('fb3'))),
    ]);
    expect(batcher.stats.fallbacks - before.fallbacks).toBe(1);
    expect(bad.status).toBe('rejected');
    for (const r of [first, a, b]) {
      expect(r.status).toBe('fulfilled');
      expect((r as PromiseFulfilledResult<Array<{ outcome: string }>>).value.map((x) => x.outcome)).toEqual(['ok']);
    }
  });
});
