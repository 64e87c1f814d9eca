import { defaultOrderForm, defaultPurchaseForm, type StartupConfig } from '@ticketing/shared/contracts';

/**
 * The start-up configuration (GET /config), from the environment:
 * - PAYMENT_PROVIDERS: active provider ids, comma separated (default "sandbox,altcard"; PayPal inactive by default, spec 9)
 * - PAYMENT_DEFAULT_PROVIDER (default "sandbox")
 * - MAX_SEATS (default 10), BOOKING_FEE_AGOROT (default 300), MAX_NUMBER_OF_PAYMENTS (default 3),
 *   INSTALLMENTS_MIN_TOTAL_AGOROT (default 10000), EXCHANGE_WINDOW_DAYS (default 30)
 */
export const KNOWN_PROVIDERS = [
  { id: 'sandbox', kind: 'card' as const },
  { id: 'altcard', kind: 'card' as const },
  { id: 'paypal', kind: 'paypal' as const },
];

export interface OrdersSettings {
  config: StartupConfig;
  maxSeats: number;
  bookingFeeAgorot: number;
  installmentsMinAgorot: number;
  activeProviders: string[];
}

const int = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : d);

export function loadOrdersSettings(env: NodeJS.ProcessEnv = process.env): OrdersSettings {
  const active = (env.PAYMENT_PROVIDERS ?? 'sandbox,altcard').split(',').map((s) => s.trim()).filter((s) => KNOWN_PROVIDERS.some((p) => p.id === s));
  const def = env.PAYMENT_DEFAULT_PROVIDER && active.includes(env.PAYMENT_DEFAULT_PROVIDER) ? env.PAYMENT_DEFAULT_PROVIDER : (active[0] ?? 'sandbox');
  const maxSeats = int(env.MAX_SEATS, 10);
  const bookingFeeAgorot = int(env.BOOKING_FEE_AGOROT, 300);
  const installmentsMinAgorot = int(env.INSTALLMENTS_MIN_TOTAL_AGOROT, 10000);
  const config: StartupConfig = {
    forms: { order: defaultOrderForm(), memberships: defaultPurchaseForm(), systemVouchers: defaultPurchaseForm(), donations: defaultPurchaseForm() },
    locales: { enabled: ['he', 'en'], default: 'he' },
    currency: { code: 'ILS', symbol: '₪', decimals: 2 },
    orderSteps: ['chooseSeats', 'chooseTickets', 'customerInfo', 'chooseProducts', 'payment', 'confirmation'],
    listModes: { presentations: 'list', miniSite: 'list' },
    limits: {
      maxSeats,
      maxMembershipQuantity: 10,
      maxVoucherQuantity: 10,
      exchangeWindowDays: int(env.EXCHANGE_WINDOW_DAYS, 30),
      holdCollectMinutesBefore: 30,
      pastEventGraceMinutes: 0,
      idleTimeMs: 300000,
    },
    payment: {
      providers: KNOWN_PROVIDERS.map((p) => ({ id: p.id, kind: p.kind, isActive: active.includes(p.id), isDefault: p.id === def })),
      defaultProvider: def,
      numberOfPaymentsDefault: 1,
      maxNumberOfPayments: int(env.MAX_NUMBER_OF_PAYMENTS, 3),
      installmentsMinTotal: installmentsMinAgorot / 100,
      saveCardEnabled: false,
      bookingFee: bookingFeeAgorot / 100,
    },
    customer: {
      loginIdentifiers: ['mobileNumber', 'ssn'],
      cancellationEnabled: false,
      mobileUpdateOnLoginAllowed: true,
      authRequired: false,
    },
    recaptchaEnabled: false,
  };
  return { config, maxSeats, bookingFeeAgorot, installmentsMinAgorot, activeProviders: active };
}
