import { describe, expect, it, vi } from 'vitest';
import { publish, subscribe } from '../src/bus/eventBus';

describe('cart event bus', () => {
  it('delivers validated payloads to subscribers and stops after unsubscribe', () => {
    const seen = vi.fn();
    const off = subscribe('cart:changed', seen);
    publish('cart:changed', { kind: 'tickets', itemCount: 2 });
    off();
    publish('cart:changed', { kind: 'tickets', itemCount: 3 });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith({ kind: 'tickets', itemCount: 2 });
  });
  it('refuses to publish an invalid payload', () => {
    expect(() => publish('cart:changed', { kind: 'tickets', itemCount: -1 })).toThrow();
  });
  it('drops invalid events dispatched around the typed API', () => {
    const seen = vi.fn();
    const off = subscribe('order:committed', seen);
    (globalThis as { __ticketingBus__?: EventTarget }).__ticketingBus__!.dispatchEvent(new CustomEvent('ticketing:order:committed', { detail: { nope: true } }));
    off();
    expect(seen).not.toHaveBeenCalled();
  });
});
