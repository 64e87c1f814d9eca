import { describe, expect, it } from 'vitest';
import { isolate, isolateLtr } from '../src/format/bidi';

describe('bidi isolates', () => {
  it('wraps a value in first-strong isolate marks (its own letters decide its direction)', () => {
    expect(isolate('noa@example.com')).toBe('\u2068noa@example.com\u2069');
    expect([...isolate('PG-13')].map((c) => c.codePointAt(0)!.toString(16))).toEqual(['2068', '50', '47', '2d', '31', '33', '2069']);
  });
  it('wraps digits in left-to-right isolate marks (a date or a phone number inside a Hebrew sentence)', () => {
    expect(isolateLtr('27/11/2026 20:30')).toBe('\u206627/11/2026 20:30\u2069');
    expect(isolateLtr('')).toBe('\u2066\u2069');
  });
});
