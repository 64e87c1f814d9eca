import { defineConfig } from 'vitest/config';

/**
 * Fault tests over a real PostgreSQL server (TEST_PG_URL, default the local one): real api processes
 * (api/src/main.ts) are started, killed with SIGKILL, and the server is stopped and started.
 * Run by the root runner as "fault (PostgreSQL)"; alone: `npx vitest run --config fault/vitest.config.ts` in api/.
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['fault/**/*.test.ts'],
    globalSetup: ['fault/setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 600_000,
    teardownTimeout: 60_000,
  },
});
