import { expect, test } from '@playwright/test';

/**
 * `npm start` has no nginx in front: the site server sends the builds' Brotli copies (or gzip) of the app's files and
 * the api gzips its JSON answers of 1 KB or more, as nginx does in production (deploy/nginx.conf.template). An arena's
 * seat plan is ≈ 0.4 MB of JSON.
 */
test('the api\'s large JSON answers come gzipped to a browser that accepts it, small ones as they are', async ({ request }) => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
  const day = await request.get(`/api/seats/presentations?date=${today}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(day.ok()).toBe(true);
  const body = await day.json() as { presentations: unknown[] }; // the client reads it as plain JSON
  expect(JSON.stringify(body).length).toBeGreaterThan(1024);
  expect(day.headers()['content-encoding']).toBe('gzip');
  const health = await request.get('/api/health', { headers: { 'accept-encoding': 'gzip' } });
  expect(health.ok()).toBe(true);
  expect(health.headers()['content-encoding']).toBeUndefined();
  const script = (await (await request.get('/order')).text()).match(/src="(\/main\.[0-9a-f]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  expect((await request.get(script!, { headers: { 'accept-encoding': 'gzip' } })).headers()['content-encoding']).toBe('gzip');
});

test('a browser gets the host\'s and the remotes\' scripts Brotli-compressed (the builds\' .br copies, 12 % under gzip)', async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', (r) => { if (new URL(r.url()).pathname.endsWith('.js')) encodings.set(new URL(r.url()).pathname, r.headers()['content-encoding']); });
  await page.goto('/order?lang=en');
  await expect(page.getByTestId('event-list')).toBeVisible();
  const main = [...encodings.keys()].find((p) => /^\/main\.[0-9a-f]+\.js$/.test(p));
  const entry = [...encodings.keys()].find((p) => p.endsWith('/remoteEntry.js'));
  expect(main && entry).toBeTruthy();
  expect(encodings.get(main!)).toBe('br');
  expect(encodings.get(entry!)).toBe('br');
});
