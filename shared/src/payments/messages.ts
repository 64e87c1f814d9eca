import { useEffect, useRef, type RefObject } from 'react';
import { apiUrl } from '../api/http';
import { PaymentMessage } from '../contracts/payments';

/** The origin the hosted payment page is served from (the api's; the site's own when apiBase is relative). */
export function paymentOrigin(): string {
  return new URL(apiUrl('/'), globalThis.location?.href ?? 'http://localhost/').origin;
}

export type HostedPaymentMessage = PaymentMessage;

/**
 * The hosted payment page's message, accepted only from the api origin and the iframe we opened, and
 * only when it is the page's own contract (for every remote that takes a payment; anything else is ignored).
 */
export function readHostedPaymentMessage(event: MessageEvent, expectedSource?: MessageEventSource | null): HostedPaymentMessage | undefined {
  if (event.origin !== paymentOrigin()) return undefined;
  if (expectedSource && event.source && event.source !== expectedSource) return undefined;
  const msg = PaymentMessage.safeParse(event.data);
  return msg.success ? msg.data : undefined;
}

/**
 * Listens for the hosted payment page's answer while `active` (the payment iframe `frame` is open) and
 * hands each accepted message to `onMessage` (always its latest version, so callers need not memoise it).
 */
export function useHostedPaymentMessages(active: boolean, frame: RefObject<HTMLIFrameElement | null>, onMessage: (msg: HostedPaymentMessage) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => { handler.current = onMessage; });
  useEffect(() => {
    if (!active) return;
    const listener = (e: MessageEvent) => {
      const msg = readHostedPaymentMessage(e, frame.current?.contentWindow);
      if (msg) handler.current(msg);
    };
    addEventListener('message', listener);
    return () => removeEventListener('message', listener);
  }, [active, frame]);
}

/**
 * Why a hosted payment failed, as the key of its text in the paying remote's own namespace (`payment.errors.declined`:
 * try again or use another card; `payment.errors.threeDs`: the 3-D Secure check failed, try again), the keys the ticket
 * checkout uses: each remote that takes a payment says the same thing. Null when the payment did not fail.
 */
export function paymentFailureKey(status: HostedPaymentMessage['status']): 'payment.errors.declined' | 'payment.errors.threeDs' | null {
  if (status === 'declined') return 'payment.errors.declined';
  if (status === '3ds_failed') return 'payment.errors.threeDs';
  return null;
}
