import { beforeAll, describe, expect, it } from 'vitest';
import { addNamespace, i18n, initI18n, SEAT_FLAGS, type SeatplanV2 } from '@ticketing/shared';
import he from '../src/locales/he.json';
import en from '../src/locales/en.json';
import ru from '../src/locales/ru.json';
import ar from '../src/locales/ar.json';
import pl from '../src/locales/pl.json';
import { SeatMapModel } from '../src/model';
import { noteAfterTap, seatNoteText, seatsTogether } from '../src/seatNote';

/** Row A: seats 1–4, 3+4 a sofa; row B: 1 a wheelchair space, 2 its companion seat, 3 ordinary. */
function model(): SeatMapModel {
  const rows = [
    { name: 'A', y: 2, seats: [[1, '1', 0, 0, 1], [2, '2', 0, 0, 1], [3, '3', 0, 5, 1], [4, '4', 0, 5, 1]] },
    { name: 'B', y: 3, seats: [[1, '1', SEAT_FLAGS.handicap, 0, 1], [2, '2', SEAT_FLAGS.companion, 0, 1], [3, '3', 0, 0, 1]] },
  ] as SeatplanV2['sections'][number]['groups'][number]['rows'];
  const plan: SeatplanV2 = {
    id: 1, venueId: 1, name: 'Hall', width: 6, height: 5, stage: { x: 0, y: 0, width: 6, height: 1, label: 'Screen', kind: 'screen' },
    sections: [{ id: 10, name: 'Stalls', isGA: false, capacity: 7, ticketGroupId: 1, bounds: { x: 0, y: 2, width: 6, height: 2 }, groups: [{ id: 100, name: 'Stalls', rows }] }],
  };
  const m = new SeatMapModel(plan);
  const seats: Record<string, string> = {};
  for (let i = 0; i < m.n; i++) seats[m.key(i)] = '1,1';
  delete seats['10_2_2']; // A2 taken
  m.applyStatus({ seats, held: [], sections: {}, holdExpiresAt: null });
  return m;
}
const t = (k: string, v?: Record<string, unknown>): string => i18n.getFixedT(null, 'seatmap')(k, v);

beforeAll(async () => {
  await initI18n('en');
  addNamespace('seatmap', { he, en, ru, ar, pl });
});

describe('what a tap did beyond the one seat', () => {
  it('a sofa half taken: both seats are named as held together', () => {
    const m = model();
    const a3 = m.indexOf(10, 3, 2);
    const together = seatsTogether(m, a3, false);
    m.setSelected(together, true); // what the selection does synchronously
    const note = noteAfterTap(m, a3, false, together);
    expect(note).toEqual({ kind: 'sofaHeld', seats: together });
    expect(seatNoteText(t, m, note!)).toBe('Seats 3 and 4 in row A are a sofa for two: both are yours.');
  });

  it('the second half given back: both are named as given back (it removed both without a word)', () => {
    const m = model();
    const a4 = m.indexOf(10, 4, 2);
    m.setSelected(m.unitOf(a4), true);
    const together = seatsTogether(m, a4, true);
    m.setSelected(together, false);
    const note = noteAfterTap(m, a4, true, together);
    expect(note?.kind).toBe('sofaReleased');
    expect(seatNoteText(t, m, note!)).toBe('Seats 3 and 4 in row A are a sofa for two: both were given back.');
  });

  it('a wheelchair space given back names the companion seat that went with it', () => {
    const m = model();
    const b1 = m.indexOf(10, 1, 3);
    const b2 = m.indexOf(10, 2, 3);
    m.setSelected([b1, b2], true);
    const together = seatsTogether(m, b1, true);
    expect(together).toEqual([b1, b2]);
    m.setSelected(together, false);
    const note = noteAfterTap(m, b1, true, together);
    expect(note).toEqual({ kind: 'companionReleased', seat: b2 });
    expect(seatNoteText(t, m, note!)).toBe('Companion seat 2 beside it was given back too.');
  });

  it('an ordinary seat says nothing more; a refused tap says nothing (its rule does); a taken seat says it is taken', () => {
    const m = model();
    const a1 = m.indexOf(10, 1, 2);
    const one = seatsTogether(m, a1, false);
    m.setSelected(one, true);
    expect(noteAfterTap(m, a1, false, one)).toBeNull();
    const a3 = m.indexOf(10, 3, 2);
    expect(noteAfterTap(m, a3, false, seatsTogether(m, a3, false))).toBeNull(); // not selected: refused
    const a2 = m.indexOf(10, 2, 2);
    const note = noteAfterTap(m, a2, false, seatsTogether(m, a2, false));
    expect(note).toEqual({ kind: 'taken', seat: a2 });
    expect(seatNoteText(t, m, note!)).toBe('Seat 2 in row A is taken. Choose a free seat.');
  });

  it('every language has the texts, and Hebrew lists the seats in its own way', async () => {
    for (const l of [he, en, ru, ar, pl]) expect(Object.keys(l.seatmap.unit).sort()).toEqual(['companionReleased', 'sofaHeld', 'sofaReleased']);
    await i18n.changeLanguage('he');
    try {
      const m = model();
      const a3 = m.indexOf(10, 3, 2);
      expect(seatNoteText(t, m, { kind: 'sofaHeld', seats: m.unitOf(a3) })).toBe('כיסאות 3 ו-4 בשורה A הם ספה זוגית: שניהם שלכם.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
