import { SANDBOX_PROVIDERS, sandboxPaymentsAllowed } from '../../lib/demo.ts';
import { defaultOrderForm, defaultPurchaseForm, ORDER_STEP_READINGS, type OrderStepId, type StartupConfig } from '@ticketing/shared/contracts';
import { loadCancellationSettings } from '../customerarea/cancellation.ts';

/**
 * The start-up configuration (GET /config), from the environment:
 * - PAYMENT_PROVIDERS: active provider ids, comma separated (default "sandbox,altcard"; PayPal and Blik inactive by default, spec 9).
 *   Every built-in provider is a sandbox: with NODE_ENV=production they stay off unless DEMO_MODE=1 or
 *   ALLOW_SANDBOX_PAYMENTS=1 (a public test card would approve: tickets for free).
 * - PAYMENT_DEFAULT_PROVIDER (default "sandbox")
 * - MAX_SEATS (default 10), BOOKING_FEE_AGOROT (default 300), MAX_NUMBER_OF_PAYMENTS (default 3),
 *   INSTALLMENTS_MIN_TOTAL_AGOROT (default 10000)
 * - ORDER_STEPS: "first" (default: seats, tickets, customer info, products, payment) or "second" (products
 *   before customer info), the spec's two readings
 * - IDLE_TIME_MS (default 300000)
 * Only settings something honours are advertised (issue 16 §2).
 */
export const KNOWN_PROVIDERS = [
  { id: 'sandbox', kind: 'card' as const },
  { id: 'altcard', kind: 'card' as const },
  { id: 'paypal', kind: 'paypal' as const },
  { id: 'blik', kind: 'blik' as const },
];

export interface OrdersSettings {
  config: StartupConfig;
  maxSeats: number;
  bookingFeeAgorot: number;
  installmentsMinAgorot: number;
  activeProviders: string[];
}

const int = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : d);

/** ORDER_STEPS: a reading's name; anything else is the first reading. */
export function orderStepsFrom(v: string | undefined): OrderStepId[] {
  return [...(v === 'second' ? ORDER_STEP_READINGS.second : ORDER_STEP_READINGS.first)];
}

export function loadOrdersSettings(env: NodeJS.ProcessEnv = process.env): OrdersSettings {
  const noSandbox = env.NODE_ENV === 'production' && !sandboxPaymentsAllowed(env);
  const active = (env.PAYMENT_PROVIDERS ?? 'sandbox,altcard').split(',').map((s) => s.trim())
    .filter((s) => KNOWN_PROVIDERS.some((p) => p.id === s) && !(noSandbox && (SANDBOX_PROVIDERS as readonly string[]).includes(s)));
  const def = env.PAYMENT_DEFAULT_PROVIDER && active.includes(env.PAYMENT_DEFAULT_PROVIDER) ? env.PAYMENT_DEFAULT_PROVIDER : (active[0] ?? 'sandbox');
  const maxSeats = int(env.MAX_SEATS, 10);
  const bookingFeeAgorot = int(env.BOOKING_FEE_AGOROT, 300);
  const installmentsMinAgorot = int(env.INSTALLMENTS_MIN_TOTAL_AGOROT, 10000);
  const config: StartupConfig = {
    forms: { order: defaultOrderForm(), memberships: defaultPurchaseForm(), systemVouchers: defaultPurchaseForm(), donations: defaultPurchaseForm() },
    locales: { enabled: ['he', 'en'], default: 'he' },
    currency: { code: 'ILS', symbol: '₪', decimals: 2 },
    orderSteps: orderStepsFrom(env.ORDER_STEPS),
    limits: {
      maxSeats,
      maxMembershipQuantity: 10,
      holdCollectMinutesBefore: 30,
      pastEventGraceMinutes: 0,
      idleTimeMs: Math.max(30_000, int(env.IDLE_TIME_MS, 300_000)),
    },
    payment: {
      providers: KNOWN_PROVIDERS.map((p) => ({ id: p.id, kind: p.kind, isActive: active.includes(p.id), isDefault: p.id === def })),
      defaultProvider: def,
      numberOfPaymentsDefault: 1,
      maxNumberOfPayments: int(env.MAX_NUMBER_OF_PAYMENTS, 3),
      installmentsMinTotal: installmentsMinAgorot / 100,
      bookingFee: bookingFeeAgorot / 100,
    },
    customer: {
      loginIdentifiers: ['mobileNumber', 'ssn'],
      cancellationEnabled: loadCancellationSettings(env).enabled,
    },
  };
  return { config, maxSeats, bookingFeeAgorot, installmentsMinAgorot, activeProviders: active };
}
