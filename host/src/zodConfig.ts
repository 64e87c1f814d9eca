import { z } from 'zod';

/**
 * CSP without 'unsafe-eval': zod (a shared singleton, so this covers every remote) otherwise probes
 * `new Function('')` on its first object parse to decide whether to JIT-compile parsers; the probe is
 * caught, but the browser still reports a violation. Parsing works the same without the JIT.
 * Imported first by bootstrap.tsx so it runs before any module parses.
 */
z.config({ jitless: true });
