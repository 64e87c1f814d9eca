import { createContext } from 'react';

/**
 * The end of the visible order clock: the api's hold expiry while seats are held (the time they really stay
 * held, on every step including payment); before any seat is held, the step's own lock timer from its start.
 * Null when there is neither (a step without a budget and nothing held).
 */
export function shownDeadline({ holdExpiresAt, stepSeconds, stepStartedAt }: {
  holdExpiresAt: string | null | undefined; stepSeconds: number | null; stepStartedAt: number;
}): number | null {
  const hold = holdExpiresAt ? Date.parse(holdExpiresAt) : NaN;
  if (Number.isFinite(hold)) return hold;
  return stepSeconds !== null && Number.isFinite(stepSeconds) ? stepStartedAt + stepSeconds * 1000 : null;
}

/** The earlier of the shown deadline and the idle deadline: when the warning and the 'time is up' prompt come. */
export function effectiveDeadline(shown: number | null, idle: number | null): number | null {
  const ends = [shown, idle].filter((v): v is number => v !== null && Number.isFinite(v));
  return ends.length ? Math.min(...ends) : null;
}

/** The shown deadline for the phone's bottom bar (the header's LockTimer gets it as a prop). */
export const OrderDeadline = createContext<number | null>(null);
