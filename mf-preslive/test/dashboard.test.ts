import { describe, expect, it } from 'vitest';
import { percentOf, toCsv } from '@ticketing/shared';
import { defaultDate } from '../src/screens/ByCinema';
import { latestOnly } from '../src/screens/FeaturesV2';

describe('PresLive helpers', () => {
  it('picks today when it has presentations, else the nearest earlier date', () => {
    expect(defaultDate(['2026-01-01', '2026-01-02', '2026-01-03'], '2026-01-02')).toBe('2026-01-02');
    expect(defaultDate(['2026-01-01', '2026-01-03'], '2026-01-02')).toBe('2026-01-01');
    expect(defaultDate(['2026-01-05'], '2026-01-02')).toBe('2026-01-05');
    expect(defaultDate([], '2026-01-02')).toBeUndefined();
  });

  it('drops a stale response when a newer request was issued', () => {
    const seq = latestOnly();
    const first = seq.next();
    const second = seq.next();
    expect(seq.isLatest(first)).toBe(false);
    expect(seq.isLatest(second)).toBe(true);
  });

  it('computes integer percentages of capacity', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('writes CSV with a UTF-8 BOM, quoting and formula neutralisation', () => {
    const csv = toCsv(['שם', 'n'], [['סינמה, "העיר"', 3], ['=SUM(A1)', -2], [null, 0]]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toBe('\uFEFFשם,n\r\n"סינמה, ""העיר""",3\r\n\'=SUM(A1),-2\r\n,0\r\n');
  });
});
