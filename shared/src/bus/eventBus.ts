import { BusEvents, type BusEventName, type BusEventPayload } from '../contracts/events';
import { readSession, writeSession } from '../runtime/session';

type Handler<K extends BusEventName> = (payload: BusEventPayload<K>) => void;

/**
 * The typed cart event bus. Remotes meet only here, the URL and the api.
 * It rides on a window-level EventTarget so that even a duplicated copy of
 * this module (a misconfigured build) still talks on the same channel.
 */
const target: EventTarget = ((globalThis as { __ticketingBus__?: EventTarget }).__ticketingBus__ ??= new EventTarget());
const PREFIX = 'ticketing:';

/**
 * Sticky events describe a current state (the cart's item count), not a moment: their last payload is
 * replayed to every later subscriber. It is kept in session storage, so a remote that mounts late, or
 * the host after a reload, starts from it without a side channel of its own.
 */
const STICKY: ReadonlySet<BusEventName> = new Set<BusEventName>(['cart:changed']);
const stickyKey = (name: BusEventName) => `bus.${name}`;

export function publish<K extends BusEventName>(name: K, payload: BusEventPayload<K>): void {
  const parsed = BusEvents[name].parse(payload) as BusEventPayload<K>;
  if (STICKY.has(name)) writeSession(stickyKey(name), parsed);
  target.dispatchEvent(new CustomEvent(PREFIX + name, { detail: parsed }));
}

/**
 * Subscribes to one event; returns the unsubscribe function. Invalid payloads are dropped, not delivered.
 * A sticky event's last payload, if any, is delivered at once.
 */
export function subscribe<K extends BusEventName>(name: K, handler: Handler<K>): () => void {
  const deliver = (detail: unknown) => {
    const result = BusEvents[name].safeParse(detail);
    if (result.success) handler(result.data as BusEventPayload<K>);
  };
  const listener = (event: Event) => deliver((event as CustomEvent).detail);
  target.addEventListener(PREFIX + name, listener);
  if (STICKY.has(name)) {
    const last = readSession<unknown>(stickyKey(name));
    if (last !== undefined) deliver(last);
  }
  return () => target.removeEventListener(PREFIX + name, listener);
}
