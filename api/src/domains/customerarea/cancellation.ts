/**
 * Customer-area cancellation settings and arithmetic (spec sections 6 and 9): off by default,
 * on in the demo (npm start); fees fixed, percentage or per ticket; service fees never refunded.
 *   CUSTOMER_CANCELLATION = on | off   (default: on in demo mode, off in production)
 *   CANCELLATION_FEE      = fixed:<agorot> | percent:<whole %> | perTicket:<agorot>   (default perTicket:500)
 */
export type FeeKind = 'fixed' | 'percent' | 'perTicket';
export interface CancellationSettings { enabled: boolean; kind: FeeKind; value: number }

export function loadCancellationSettings(env: NodeJS.ProcessEnv = process.env): CancellationSettings {
  const flag = env.CUSTOMER_CANCELLATION;
  const enabled = flag === 'on' || (flag !== 'off' && env.NODE_ENV !== 'production');
  const m = /^(fixed|percent|perTicket):(\d+)$/.exec(env.CANCELLATION_FEE ?? '');
  return { enabled, kind: (m?.[1] as FeeKind | undefined) ?? 'perTicket', value: m ? Number(m[2]) : 500 };
}

/**
 * The fee withheld and the refund (agorot) for cancelling tickets of these prices (service fees excluded), and each
 * ticket's share of the fee (the reports count it as kept).
 *  - perTicket: the fee per ticket, never more than the ticket cost: a ticket that cost nothing (a member ticket, a
 *    voucher's free ticket) adds no fee. It counted every ticket chosen, capped only by the selection's total, so a ₪0
 *    member ticket cancelled with a paid one cost ₪5 more than cancelling them one at a time (QA, eighteenth session).
 *  - percent: rounded per ticket, so the total is the same however the tickets are split into cancellations.
 *  - fixed: once per cancellation, at most what the tickets cost; shared over the tickets by price.
 */
export function cancellationAmounts(s: Pick<CancellationSettings, 'kind' | 'value'>, prices: readonly number[]): { fee: number; refund: number; shares: number[] } {
  const total = prices.reduce((a, p) => a + p, 0);
  let shares: number[];
  if (s.kind === 'perTicket') shares = prices.map((p) => Math.min(Math.max(0, s.value), Math.max(0, p)));
  else if (s.kind === 'percent') shares = prices.map((p) => Math.min(Math.max(0, Math.round((p * s.value) / 100)), Math.max(0, p)));
  else shares = proportional(Math.min(Math.max(0, s.value), Math.max(0, total)), prices);
  const fee = shares.reduce((a, f) => a + f, 0);
  return { fee, refund: total - fee, shares };
}

/** Splits `total` over `weights` in proportion, whole agorot, the remainder to the (first) heaviest. */
export function proportional(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => (sum > 0 ? Math.floor((total * w) / sum) : 0));
  const heaviest = weights.reduce((best, w, i) => (w > weights[best]! ? i : best), 0);
  if (out.length) out[heaviest]! += total - out.reduce((a, b) => a + b, 0);
  return out;
}
