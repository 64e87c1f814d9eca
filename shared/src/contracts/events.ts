import * as z from 'zod/mini';
import { lazy } from './lazy';

// zod/mini: the host publishes and reads these (see formats.ts).

/** Version of the cross-remote contract (events + API schemas). Bumped on breaking change. */
export const CONTRACT_VERSION = 1;

export const OrderKind = lazy(() => z.enum(['tickets', 'memberships', 'vouchers', 'donations', 'enrolment']));
export const LOCALES = ['he', 'en', 'ru', 'ar', 'pl'] as const;
export const Locale = lazy(() => z.enum(LOCALES));
export type Locale = z.infer<typeof Locale>;

/** Every event that crosses remotes, with its payload schema. */
export const BusEvents = lazy(() => ({
  // href: the page on this site where the cart is continued (the order in progress), for the header's cart link
  'cart:changed': z.object({
    kind: OrderKind, itemCount: z.int().check(z.nonnegative()), total: z.optional(z.number()),
    href: z.optional(z.string().check(z.regex(/^\/(?![/\\])/))),
  }),
  'cart:started': z.object({ kind: OrderKind }),
  'cart:cleared': z.object({ kind: z.optional(OrderKind), reason: z.optional(z.string()) }),
  'order:committed': z.object({ reservationIdentifier: z.string(), kind: OrderKind }),
  'customer:login': z.object({ customerId: z.int(), firstName: z.optional(z.string()) }),
  'customer:logout': z.object({}),
}) as const);

export type BusEventName = keyof typeof BusEvents;
export type BusEventPayload<K extends BusEventName> = z.infer<(typeof BusEvents)[K]>;
