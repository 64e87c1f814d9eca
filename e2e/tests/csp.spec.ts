import { test, expect, type Page } from '@playwright/test';

/**
 * The host page's Content Security Policy: per-response nonce, scripts limited to self (+ remote
 * origins from the registry), no unsafe-inline / unsafe-eval; and the composed site runs under it
 * with no violation through the booking path.
 */
async function watchViolations(page: Page) {
  const console_: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(m.text())) console_.push(m.text()); });
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return async () => [...console_, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

test('the host page carries a strict CSP with a fresh nonce per response and the other security headers', async ({ request }) => {
  const a = await request.get('/order');
  const b = await request.get('/order');
  const csp = a.headers()['content-security-policy'];
  const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  const nonce = directives['script-src'].find((v: string) => v.startsWith("'nonce-"))!.slice(7, -1);
  expect(nonce.length).toBeGreaterThanOrEqual(16);
  expect(b.headers()['content-security-policy']).not.toContain(nonce);
  expect(directives['script-src']).toContain("'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toBeDefined();
  expect(directives['frame-src']).toContain("'self'"); // the sandbox payment page: /api/payment/... on this origin
  // Every script tag of the page carries this response's nonce.
  const html = await a.text();
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  expect(a.headers()['x-content-type-options']).toBe('nosniff');
  expect(a.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('no CSP violation through the booking path: /order → a presentation', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/order?lang=en');
  const link = page.getByTestId('presentation-link').first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new RegExp((href ?? '/order').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\?.*$/, '')));
  // Whatever the presentation page shows (seat map, ticket types), let it settle.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('fallback-mf-booking')).toHaveCount(0);
  // Other remotes and the staff area under the same policy.
  for (const path of ['/membership?lang=en', '/vouchers?lang=en', '/customer?lang=en', '/PRES-live?lang=en', '/PRES-live/ticket-ref?lang=en']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(await violations()).toEqual([]);
});

test('the policy is enforced: an injected inline script is blocked and reported', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/?lang=en');
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.appendChild(s);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
});
