import * as z from 'zod/mini';

/**
 * CSP without 'unsafe-eval': zod otherwise probes
 * `new Function('')` on its first object parse to decide whether to JIT-compile parsers; the probe is
 * caught, but the browser still reports a violation. Parsing works the same without the JIT. The setting lives on
 * globalThis, so it covers every remote's own copy of zod too.
 * Imported first by bootstrap.tsx so it runs before any module parses.
 */
z.config({ jitless: true });
