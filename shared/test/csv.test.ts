import { describe, expect, it } from 'vitest';
import { toCsv } from '../src/format/csv.ts';

const row = (v: string | number) => toCsv(['h'], [[v]]).replace('\uFEFF', '').split('\r\n')[1];

describe('CSV formula guard (issue 13)', () => {
  it('neutralises every formula start, including a number-looking prefix, TAB and CR', () => {
    expect(row("-1+1+cmd|' /C calc'!A0")).toBe("'-1+1+cmd|' /C calc'!A0");
    expect(row('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(row('+1')).toBe("'+1");
    expect(row('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(row('\t=1+1')).toBe("'\t=1+1");
    expect(row('\r=1+1')).toBe(`"'\r=1+1"`);
  });
  it('keeps plain numbers and ordinary text as they are', () => {
    expect(row('-12.5')).toBe('-12.5');
    expect(row(-3)).toBe('-3');
    expect(row('שלום, עולם')).toBe('"שלום, עולם"');
  });
});
