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

/** The fee withheld and the refund (agorot) for cancelling tickets worth `ticketsAgorot` (service fees excluded). */
export function cancellationAmounts(s: Pick<CancellationSettings, 'kind' | 'value'>, ticketsAgorot: number, count: number): { fee: number; refund: number } {
  const raw = s.kind === 'fixed' ? s.value : s.kind === 'percent' ? Math.round((ticketsAgorot * s.value) / 100) : s.value * count;
  const fee = Math.min(Math.max(0, raw), ticketsAgorot);
  return { fee, refund: ticketsAgorot - fee };
}
