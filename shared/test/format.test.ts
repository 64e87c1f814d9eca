import { describe, expect, it } from 'vitest';
import { formatMoney, agorotToShekels, shekelsToAgorot } from '../src/format/money';
import { calendarStrip, jerusalemDate, addDays, formatDayMonthYearTime, formatTime } from '../src/format/date';

describe('money', () => {
  it('formats ILS with the ₪ sign and 2 decimals', () => {
    const en = formatMoney(42.5, 'en');
    expect(en).toContain('₪');
    expect(en).toContain('42.50');
    expect(formatMoney(1234, 'he')).toMatch(/1,234\.00/);
  });
  it('converts agorot without floating drift', () => {
    expect(agorotToShekels(4250)).toBe(42.5);
    expect(shekelsToAgorot(0.1 + 0.2)).toBe(30);
  });
});

describe('dates in Asia/Jerusalem', () => {
  it('uses the Jerusalem business date near midnight UTC', () => {
    // 22:30 UTC on 1 Jan is 00:30 on 2 Jan in Jerusalem (UTC+2 in winter).
    expect(jerusalemDate('2026-01-01T22:30:00Z')).toBe('2026-01-02');
    // 20:30 UTC on 1 Jul is 23:30 the same day (UTC+3 in summer).
    expect(jerusalemDate('2026-07-01T20:30:00Z')).toBe('2026-07-01');
  });
  it('builds the 29-day strip: 14 before, today, 14 after', () => {
    const strip = calendarStrip('2026-03-01');
    expect(strip).toHaveLength(29);
    expect(strip[0]).toBe('2026-02-15');
    expect(strip[14]).toBe('2026-03-01');
    expect(strip[28]).toBe('2026-03-15');
    expect(strip.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
  });
  it('adds days across month and DST boundaries', () => {
    expect(addDays('2026-03-26', 2)).toBe('2026-03-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('formats day/month/year hour:minute in Jerusalem time', () => {
    expect(formatDayMonthYearTime('2026-07-01T17:05:00Z')).toBe('01/07/2026 20:05');
    expect(formatTime('2026-01-10T18:00:00Z', 'he')).toBe('20:00');
  });
});

describe('day/month/year in every language', () => {
  it('writes a long date and a strip day with \'/\' in each language\'s own order (he, ru and pl wrote 27.11.2026)', async () => {
    const { formatLongDateTime, formatStripDay } = await import('../src/format/date');
    const at = '2026-11-27T14:30:00Z';
    expect(formatLongDateTime(at, 'he')).toBe('יום שישי, 27/11/2026, 16:30');
    expect(formatLongDateTime(at, 'en')).toBe('Friday, 27/11/2026, 16:30');
    expect(formatLongDateTime(at, 'ru')).toBe('пятница, 27/11/2026, 16:30');
    expect(formatLongDateTime(at, 'pl')).toBe('piątek, 27/11/2026, 16:30');
    expect(formatLongDateTime(at, 'ar')).toBe('الجمعة، 27\u200f/11\u200f/2026، 16:30');
    expect(formatStripDay('2026-11-27', 'he').day).toBe('27/11');
    expect(formatStripDay('2026-11-27', 'ru').day).toBe('27/11');
    // two digits in every language (Hebrew, Arabic and Polish wrote 1/12, English and Russian 01/12)
    for (const l of ['he', 'en', 'ru', 'pl'] as const) expect(formatStripDay('2026-12-01', l).day).toBe('01/12');
    expect(formatStripDay('2026-12-01', 'ar').day).toBe('01\u200f/12');
  });
});

describe('day/month/year (issue 14 point 11: report dates)', () => {
  it('shows a business day as dd/mm/yyyy', async () => {
    const { formatDayMonthYear } = await import('../src/format/date');
    expect(formatDayMonthYear('2026-11-03')).toBe('03/11/2026');
  });
  it('reads dd/mm/yyyy (and d.m.yyyy) back, refusing what is no calendar date', async () => {
    const { parseDayMonthYear } = await import('../src/format/date');
    expect(parseDayMonthYear('03/11/2026')).toBe('2026-11-03');
    expect(parseDayMonthYear(' 3.1.2026 ')).toBe('2026-01-03');
    expect(parseDayMonthYear('31/02/2026')).toBeUndefined();
    expect(parseDayMonthYear('11/03')).toBeUndefined();
    expect(parseDayMonthYear('2026-11-03')).toBeUndefined();
  });
});
