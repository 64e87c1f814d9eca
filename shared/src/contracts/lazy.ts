/**
 * A contract built on first use. A page imports a contract file for one or two of its schemas, and module-level
 * `z.object(…)` calls build every schema of the file as the page starts (the hall's order page built 1,231 schema
 * objects before its seat map was drawn, 235 with this; issue 12). Wrapped, a schema is built the first time anything
 * reads it (a parse, or another schema composing it) and is the same object from then on; its type is the schema's.
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // The stand-in object owns nothing, so every property is reported configurable (a proxy invariant).
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(schema(), key);
      return d && { ...d, configurable: true };
    },
    defineProperty: (_, key, d) => Reflect.defineProperty(schema(), key, d),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}

/** Builds a schema and every schema it is made of (each lazy contract's stand-in builds on its first read). */
function buildAll(schema: unknown, seen: Set<unknown>): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return;
  for (const part of Object.values(def)) {
    if (Array.isArray(part)) for (const p of part) buildAll(p, seen);
    else if (part && typeof part === 'object') {
      if ('_zod' in part) buildAll(part, seen);
      else for (const p of Object.values(part)) buildAll(p, seen); // an object's shape
    }
  }
}

const prebuilt = new WeakSet<object>();

/**
 * Builds the schemas an answer will be parsed with in a task of their own, as the call starts: they are then built
 * while the answer is on the network, not inside the long task that handles it (issue 12: ≈ 15 ms of a phone's CPU for
 * the event list's contract). One task per contract (several at once would itself be a long task), once per contract.
 */
export function prebuild(...schemas: object[]): void {
  for (const s of schemas) {
    if (prebuilt.has(s)) continue;
    prebuilt.add(s);
    setTimeout(() => buildAll(s, new Set()), 0);
  }
}
