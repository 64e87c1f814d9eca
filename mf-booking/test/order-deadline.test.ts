import { describe, expect, it } from 'vitest';
import { effectiveDeadline, shownDeadline } from '../src/order/deadline';

/** Issue 14 point 9: the order clock is the api's hold expiry on every step; the step budget only before a hold. */
describe('order clock deadline', () => {
  const start = Date.parse('2026-11-23T10:00:00Z');
  const hold = '2026-11-23T10:09:53Z';

  it('shows the hold expiry whatever the step\'s own budget (no drop from 9:53 to 5:00 on the details step)', () => {
    expect(shownDeadline({ holdExpiresAt: hold, stepSeconds: 300, stepStartedAt: start })).toBe(Date.parse(hold));
    expect(shownDeadline({ holdExpiresAt: hold, stepSeconds: 900, stepStartedAt: start })).toBe(Date.parse(hold));
  });

  it('keeps the hold expiry on the payment step, which has no budget of its own', () => {
    expect(shownDeadline({ holdExpiresAt: hold, stepSeconds: null, stepStartedAt: start })).toBe(Date.parse(hold));
  });

  it('counts the step\'s budget from its start while nothing is held', () => {
    expect(shownDeadline({ holdExpiresAt: null, stepSeconds: 600, stepStartedAt: start })).toBe(start + 600_000);
    expect(shownDeadline({ holdExpiresAt: 'not a date', stepSeconds: 600, stepStartedAt: start })).toBe(start + 600_000);
    expect(shownDeadline({ holdExpiresAt: null, stepSeconds: null, stepStartedAt: start })).toBeNull();
  });

  it('warns and ends at the earlier of the shown deadline and the idle deadline', () => {
    expect(effectiveDeadline(start + 500_000, start + 300_000)).toBe(start + 300_000);
    expect(effectiveDeadline(start + 100_000, start + 300_000)).toBe(start + 100_000);
    expect(effectiveDeadline(start + 100_000, null)).toBe(start + 100_000);
    expect(effectiveDeadline(null, null)).toBeNull();
  });
});
