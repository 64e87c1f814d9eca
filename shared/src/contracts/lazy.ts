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
