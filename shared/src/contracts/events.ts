import { z } from 'zod';

/** Version of the cross-remote contract (events + API schemas). Bumped on breaking change. */
export const CONTRACT_VERSION = 1;

export const OrderKind = z.enum(['tickets', 'memberships', 'vouchers', 'donations', 'enrolment']);
export const Locale = z.enum(['he', 'en', 'ru', 'ar', 'pl']);
export type Locale = z.infer<typeof Locale>;

/** Every event that crosses remotes, with its payload schema. */
export const BusEvents = {
  'cart:changed': z.object({ kind: OrderKind, itemCount: z.number().int().nonnegative(), total: z.number().optional() }),
  'cart:started': z.object({ kind: OrderKind }),
  'cart:cleared': z.object({ kind: OrderKind.optional(), reason: z.string().optional() }),
  'order:committed': z.object({ reservationIdentifier: z.string(), kind: OrderKind }),
  'customer:login': z.object({ customerId: z.number().int(), firstName: z.string().optional() }),
  'customer:logout': z.object({}),
  'locale:changed': z.object({ locale: Locale }),
} as const;

export type BusEventName = keyof typeof BusEvents;
export type BusEventPayload<K extends BusEventName> = z.infer<(typeof BusEvents)[K]>;
