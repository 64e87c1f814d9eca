import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publish, subscribe } from '../src/bus/eventBus';

describe('cart event bus', () => {
  beforeEach(() => sessionStorage.clear());
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

  it('replays the last cart:changed to a late subscriber, then goes on live', () => {
    publish('cart:changed', { kind: 'tickets', itemCount: 2 });
    publish('cart:changed', { kind: 'tickets', itemCount: 4 });
    const seen = vi.fn();
    const off = subscribe('cart:changed', seen);
    expect(seen.mock.calls).toEqual([[{ kind: 'tickets', itemCount: 4 }]]);
    publish('cart:changed', { kind: 'tickets', itemCount: 0 });
    off();
    expect(seen.mock.calls.map((c) => c[0].itemCount)).toEqual([4, 0]);
  });
  it('replays after a reload: the last payload is kept in the session, not in the page', () => {
    publish('cart:changed', { kind: 'tickets', itemCount: 3 });
    expect(sessionStorage.getItem('ticketing.bus.cart:changed')).toBe(JSON.stringify({ kind: 'tickets', itemCount: 3 }));
    sessionStorage.setItem('ticketing.bus.cart:changed', JSON.stringify({ kind: 'tickets', itemCount: 5 })); // as a new page finds it
    const seen = vi.fn();
    subscribe('cart:changed', seen)();
    expect(seen).toHaveBeenCalledWith({ kind: 'tickets', itemCount: 5 });
  });
  it('replays nothing before the first publish, nor a damaged stored payload', () => {
    const seen = vi.fn();
    subscribe('cart:changed', seen)();
    sessionStorage.setItem('ticketing.bus.cart:changed', JSON.stringify({ kind: 'tickets', itemCount: -2 }));
    subscribe('cart:changed', seen)();
    expect(seen).not.toHaveBeenCalled();
  });
  it('does not replay moments: cart:started and order:committed reach only present subscribers', () => {
    publish('cart:started', { kind: 'vouchers' });
    publish('order:committed', { reservationIdentifier: 'R-1', kind: 'tickets' });
    const seen = vi.fn();
    const offs = [subscribe('cart:started', seen), subscribe('order:committed', seen)];
    offs.forEach((off) => off());
    expect(seen).not.toHaveBeenCalled();
  });
});
