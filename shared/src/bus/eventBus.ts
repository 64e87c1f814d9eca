import { BusEvents, type BusEventName, type BusEventPayload } from '../contracts/events';

type Handler<K extends BusEventName> = (payload: BusEventPayload<K>) => void;

/**
 * The typed cart event bus. Remotes meet only here, the URL and the api.
 * It rides on a window-level EventTarget so that even a duplicated copy of
 * this module (a misconfigured build) still talks on the same channel.
 */
const target: EventTarget = ((globalThis as { __ticketingBus__?: EventTarget }).__ticketingBus__ ??= new EventTarget());
const PREFIX = 'ticketing:';

export function publish<K extends BusEventName>(name: K, payload: BusEventPayload<K>): void {
  const parsed = BusEvents[name].parse(payload) as BusEventPayload<K>;
  target.dispatchEvent(new CustomEvent(PREFIX + name, { detail: parsed }));
}

/** Subscribes to one event; returns the unsubscribe function. Invalid payloads are dropped, not delivered. */
export function subscribe<K extends BusEventName>(name: K, handler: Handler<K>): () => void {
  const listener = (event: Event) => {
    const result = BusEvents[name].safeParse((event as CustomEvent).detail);
    if (result.success) handler(result.data as BusEventPayload<K>);
  };
  target.addEventListener(PREFIX + name, listener);
  return () => target.removeEventListener(PREFIX + name, listener);
}
