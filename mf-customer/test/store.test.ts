import { describe, expect, it, vi } from 'vitest';
import { publish } from '@ticketing/shared';
import { createStore } from '../src/store';

describe('customer store', () => {
  it('marks the cached area stale when another remote commits an order', () => {
    const store = createStore();
    const dispatch = vi.spyOn(store, 'dispatch');
    publish('order:committed', { reservationIdentifier: 'R-1', kind: 'tickets' });
    const types = dispatch.mock.calls.map(([a]) => (a as { type?: string }).type);
    expect(types).toContain('customerApi/invalidateTags');
    const action = dispatch.mock.calls.find(([a]) => (a as { type?: string }).type === 'customerApi/invalidateTags')![0] as unknown as { payload: unknown[] };
    expect(action.payload).toEqual(['Area', 'Vod']);
  });
});
