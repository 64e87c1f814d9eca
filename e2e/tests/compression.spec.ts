import { expect, test } from '@playwright/test';

/**
 * `npm start` has no nginx in front: the site server gzips the app's files and the api its JSON answers of 1 KB or
 * more, as nginx does in production (deploy/nginx.conf.template). An arena's seat plan is ≈ 0.4 MB of JSON.
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
