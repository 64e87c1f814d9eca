import { defineConfig } from '@playwright/test';
import { E2E_PORT, E2E_SITE_DIR, E2E_DATA_DIR } from './env';
import { PLAYWRIGHT_NO_OMNIBOX_WEBUI } from '../scripts/lib/chromium.ts';

// Chromium's omnibox WebUI popups off, Playwright's own disabled features kept (scripts/lib/chromium.ts)

/**
 * e2e against the composed site started exactly as `npm start` starts it (scripts/start.ts),
 * on its own port, site folder and database folder so it never touches a developer's data.
 * Debian's Chromium: browser downloads are not possible here.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
        PLAYWRIGHT_NO_OMNIBOX_WEBUI],
    },
  },
  webServer: {
    // A fresh site folder and database for every run; the server builds and seeds them.
    command: `rm -rf ${E2E_SITE_DIR} ${E2E_DATA_DIR} && npx tsx ../scripts/start.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/remotes.json`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    // Every payment provider active so the payment-method tests reach PayPal and Blik (inactive by default).
    // Every simulated visitor here comes from 127.0.0.1, so the per-address budgets (wrong codes, held seats, SMS codes
    // sent, wrong passwords) would be shared by the whole suite and trip at random; they are tested on their own in api/test
    // (hardening-*, customer-auth).
    env: {
      PORT: String(E2E_PORT), SITE_DIR: E2E_SITE_DIR, API_DATA_DIR: E2E_DATA_DIR, NODE_ENV: 'test', PAYMENT_PROVIDERS: 'sandbox,altcard,paypal,blik',
      GUESS_MAX_FAILURES: '100000', MAX_HELD_PER_ADDRESS: '100000', CUSTOMER_SMS_PER_ADDRESS_15MIN: '100000',
      CUSTOMER_LOGIN_PER_ADDRESS_15MIN: '100000',
    },
  },
});
