import { apiUrl } from '@ticketing/shared';

/** The origin the hosted payment page is served from (the api's; the site's own when apiBase is relative). */
export function apiOrigin(): string {
  return new URL(apiUrl('/'), globalThis.location?.href ?? 'http://localhost/').origin;
}

export interface PaymentMessage { type: 'ticketing:payment'; status: string; paymentIdentifier?: string | null; error?: string }

/**
 * Accepts a `message` event only when it comes from the api origin and the iframe we opened,
 * and carries the payment page's message type. Anything else (other frames, extensions) is ignored.
 */
export function readPaymentMessage(event: MessageEvent, expectedSource?: MessageEventSource | null, origin = apiOrigin()): PaymentMessage | undefined {
  if (event.origin !== origin) return undefined;
  if (expectedSource && event.source && event.source !== expectedSource) return undefined;
  const d = event.data as Partial<PaymentMessage> | null;
  if (!d || typeof d !== 'object' || d.type !== 'ticketing:payment' || typeof d.status !== 'string') return undefined;
  return { type: 'ticketing:payment', status: d.status, paymentIdentifier: typeof d.paymentIdentifier === 'string' ? d.paymentIdentifier : null, error: typeof d.error === 'string' ? d.error : undefined };
}
