import { beforeEach, describe, expect, it } from 'vitest';
import { cartsToDiscard, noteCartItems, registerCart, startCart } from '../src/runtime/carts';
import { subscribe } from '../src/bus/eventBus';

describe('mutually exclusive carts (spec section 4)', () => {
  beforeEach(() => sessionStorage.clear());

  it('names the other carts with items before a new kind of order starts', () => {
    noteCartItems('tickets', 2);
    noteCartItems('donations', 0);
    expect(cartsToDiscard('vouchers')).toEqual(['tickets']);
    expect(cartsToDiscard('tickets')).toEqual([]);
  });

  it('starting an order clears every other loaded cart through cart:started, not its own', () => {
    const cleared: string[] = [];
    const offT = registerCart('tickets', () => cleared.push('tickets'));
    const offV = registerCart('vouchers', () => cleared.push('vouchers'));
    const started: string[] = [];
    const offS = subscribe('cart:started', (e) => started.push(e.kind));
    noteCartItems('tickets', 3);
    startCart('vouchers');
    expect(started).toEqual(['vouchers']);
    expect(cleared).toEqual(['tickets']);
    expect(cartsToDiscard('vouchers')).toEqual([]);
    offT(); offV(); offS();
  });

  it('a cart emptied while its remote was not loaded is cleared when it registers, once', () => {
    noteCartItems('tickets', 2);
    startCart('donations');
    const cleared: string[] = [];
    const off = registerCart('tickets', () => cleared.push('tickets'));
    expect(cleared).toEqual(['tickets']);
    off();
    noteCartItems('tickets', 1);
    startCart('tickets');
    const again: string[] = [];
    registerCart('tickets', () => again.push('tickets'))();
    expect(again).toEqual([]);
  });

  it('starting the same kind again publishes nothing', () => {
    startCart('tickets');
    const started: string[] = [];
    const off = subscribe('cart:started', (e) => started.push(e.kind));
    startCart('tickets');
    expect(started).toEqual([]);
    off();
  });
});
