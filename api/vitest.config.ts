import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One worker, no isolation: each engine's database is created and seeded once per run and shared.
    fileParallelism: false,
    isolate: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 5_000,
    // Links sent out need the public address outside demo mode (api/src/lib/publicUrl.ts).
    // No answer floor for code requests (customers/limits.ts) except where a test sets one.
    env: { PUBLIC_BASE_URL: 'http://localhost:8080', SMS_LOGIN_FLOOR_MS: '0' },
  },
});
