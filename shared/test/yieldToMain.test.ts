import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from '../src/runtime/yieldToMain';

afterEach(() => { vi.unstubAllGlobals(); vi.useRealTimers(); });

describe('yieldToMain (issue 12: a page\'s start-up in several tasks, not one long one)', () => {
  it('uses scheduler.yield where the browser has it', async () => {
    const y = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: y });
    await yieldToMain();
    expect(y).toHaveBeenCalledTimes(1);
  });

  it('else ends the task with a timer: what was queued as a task before it runs first, microtasks do not', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    const order: string[] = [];
    setTimeout(() => order.push('earlier task'), 0);
    const done = yieldToMain().then(() => order.push('after the yield'));
    await Promise.resolve();
    expect(order).toEqual([]); // not resolved within the same task
    await vi.runAllTimersAsync();
    await done;
    expect(order).toEqual(['earlier task', 'after the yield']);
  });
});
