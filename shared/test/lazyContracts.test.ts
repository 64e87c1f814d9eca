import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { lazy } from '../src/contracts/lazy';

/** Counts zod schema objects as they are built (zod gives each its `_zod` internals once, with defineProperty). */
function countBuilds() {
  const original = Object.defineProperty;
  let built = 0;
  const spy = vi.spyOn(Object, 'defineProperty').mockImplementation(((o: object, key: PropertyKey, d: PropertyDescriptor) => {
    if (key === '_zod') built++;
    return original(o, key, d);
  }) as typeof Object.defineProperty);
  return { built: () => built, stop: () => spy.mockRestore() };
}

afterEach(() => vi.restoreAllMocks());

describe('contracts are built on first use (issue 12: start-up work)', () => {
  it('importing every contract builds no schema; a parse builds only what it needs', async () => {
    await import('zod/mini');
    vi.resetModules();
    const count = countBuilds();
    const contracts = await import('../src/contracts');
    const atImport = count.built();
    expect(contracts.PresentationResponse).toBeDefined();
    expect(atImport).toBe(0);
    contracts.Locale.parse('he');
    const afterOne = count.built();
    expect(afterOne).toBeGreaterThan(0);
    expect(afterOne).toBeLessThan(5);
    count.stop();
  });

  it('a lazy schema is built once, parses, refuses and composes like the schema itself', () => {
    const build = vi.fn(() => z.object({ id: z.int(), name: z.string() }));
    const Item = lazy(build);
    expect(build).not.toHaveBeenCalled();
    expect(Item.parse({ id: 1, name: 'a' })).toEqual({ id: 1, name: 'a' });
    expect(Item.safeParse({ id: 'x' }).success).toBe(false);
    const List = z.object({ items: z.array(Item) });
    expect(List.parse({ items: [{ id: 2, name: 'b' }] }).items[0]!.id).toBe(2);
    expect(List.safeParse({ items: [{ id: 2 }] }).success).toBe(false);
    expect(z.extend(Item, { extra: z.boolean() }).parse({ id: 3, name: 'c', extra: true })).toEqual({ id: 3, name: 'c', extra: true });
    expect(Item._zod).toBe(Item._zod);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
