import { test, expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { E2E_SITE_DIR, ROOT } from '../env';
import { recordRequests, remoteFiles } from './helpers';
import { hashTree, liveVersionOf, readSiteRegistry, siteCmd } from './site-ops';

/**
 * Releases change the e2e site folder while the site runs: serial, and the registry is put back
 * at the end so other spec files see the original pointers. mf-customer is the remote released here
 * (its new versions are the same code under another version, so a parallel spec still passes).
 */
test.describe.configure({ mode: 'serial' });

const REMOTE = 'mf-customer';
const NEW = '1.0.1-e2e';
let original: string;
let hostBefore: Record<string, string>;

test.beforeAll(() => {
  original = liveVersionOf(REMOTE)!;
  hostBefore = hashTree(path.join(ROOT, 'host', 'dist'));
});

test.afterAll(() => {
  if (liveVersionOf(REMOTE) !== original) siteCmd('rollback', [REMOTE, original]);
  expect(liveVersionOf(REMOTE)).toBe(original);
});

const rootOf = (page: import("@playwright/test").Page) => page.locator(`div[data-remote="${REMOTE}"]`);

test('a release while the site is up: the open page keeps its version, the next load gets the new one, host files untouched', async ({ page }) => {
  test.setTimeout(120_000);
  const others = readSiteRegistry().remotes.filter((r) => r.name !== REMOTE);
  await page.goto('/customer?lang=en');
  await expect(rootOf(page)).toHaveAttribute('data-version', original);
  await expect(page.getByTestId('remote-versions').locator(`[data-remote-name="${REMOTE}"]`)).toHaveText(`${REMOTE} ${original}`);

  const r = siteCmd('release', [REMOTE], { RELEASE_VERSION: NEW });
  expect(r.code, r.stderr + r.stdout).toBe(0);
  expect(r.stdout).toContain(`released ${REMOTE} ${NEW}`);
  expect(liveVersionOf(REMOTE)).toBe(NEW);
  expect(existsSync(path.join(E2E_SITE_DIR, 'remotes', REMOTE, NEW, 'mf-manifest.json'))).toBe(true);
  // Only this remote's pointer moved.
  expect(readSiteRegistry().remotes.filter((x) => x.name !== REMOTE)).toEqual(others);

  // The open page resolved every remote at load: navigating away and back inside it keeps the old version.
  const urls = recordRequests(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Memberships' }).click();
  await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(rootOf(page)).toHaveAttribute('data-version', original);
  expect(urls.filter((u) => u.includes(`/remotes/${REMOTE}/${NEW}/`))).toEqual([]);

  // The next load shows the new version (remote root and the footer marker) from its own folder.
  const next = recordRequests(page);
  await page.reload();
  await expect(rootOf(page)).toHaveAttribute('data-version', NEW);
  await expect(page.getByTestId('remote-versions').locator(`[data-remote-name="${REMOTE}"]`)).toHaveText(`${REMOTE} ${NEW}`);
  const files = remoteFiles(next, REMOTE);
  expect(files.length).toBeGreaterThan(0);
  expect(files.every((u) => u.includes(`/remotes/${REMOTE}/${NEW}/`))).toBe(true);
  // The login form of the released version works.
  await expect(page.getByLabel('Mobile number')).toBeVisible();

  // The host's files are byte-identical.
  expect(hashTree(path.join(ROOT, 'host', 'dist'))).toEqual(hostBefore);
});

test('a stored version is never overwritten', () => {
  const r = siteCmd('release', [REMOTE], { RELEASE_VERSION: NEW });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(`${REMOTE} ${NEW} is already stored`);
  expect(liveVersionOf(REMOTE)).toBe(NEW);
});

test('npm run remotes lists the live and the stored versions', () => {
  const r = siteCmd('remotes', ['--json']);
  expect(r.code, r.stderr).toBe(0);
  const row = JSON.parse(r.stdout).remotes.find((x: { name: string }) => x.name === REMOTE);
  expect(row.live).toBe(NEW);
  expect(row.stored).toEqual(expect.arrayContaining([original, NEW]));
});

test('rollback flips back to the previous version; the next load shows it', async ({ page }) => {
  const r = siteCmd('rollback', [REMOTE]);
  expect(r.code, r.stderr + r.stdout).toBe(0);
  expect(r.stdout).toContain(`${NEW} -> ${original}`);
  expect(liveVersionOf(REMOTE)).toBe(original);
  await page.goto('/customer?lang=en');
  await expect(rootOf(page)).toHaveAttribute('data-version', original);
  await expect(page.getByTestId('remote-versions').locator(`[data-remote-name="${REMOTE}"]`)).toHaveText(`${REMOTE} ${original}`);
  // Rolling forward to a named stored version works too, then back.
  expect(siteCmd('rollback', [REMOTE, NEW]).code).toBe(0);
  expect(liveVersionOf(REMOTE)).toBe(NEW);
  expect(siteCmd('rollback', [REMOTE, original]).code).toBe(0);
  expect(liveVersionOf(REMOTE)).toBe(original);
  expect(hashTree(path.join(ROOT, 'host', 'dist'))).toEqual(hostBefore);
});

for (const [brk, version, message] of [
  ['no-expose', '1.0.2-noexpose', 'exposed module "./spa" is missing'],
  ['react-range', '1.0.2-react18', 'shared singleton "react": the candidate requires ^18.3.1, the host provides 19.'],
  ['contract', '1.0.2-contract', 'is not accepted by the host'],
  ['shared-export', '1.0.2-trans', 'shared singleton "react-i18next": the candidate imports Trans, which the host does not offer'],
] as const) {
  test(`the gate refuses a candidate: ${brk}`, async ({ page }) => {
    test.setTimeout(90_000);
    const before = readSiteRegistry();
    const r = siteCmd('release', [REMOTE], { RELEASE_VERSION: version, RELEASE_TEST_BREAK: brk });
    expect(r.code, r.stdout + r.stderr).toBe(3);
    expect(r.stderr).toContain(`gate: REFUSED ${REMOTE} ${version}`);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('Nothing was published');
    // Nothing stored, nothing flipped; the site still serves the live version.
    expect(existsSync(path.join(E2E_SITE_DIR, 'remotes', REMOTE, version))).toBe(false);
    expect(readSiteRegistry().remotes).toEqual(before.remotes);
    await page.goto('/customer?lang=en');
    await expect(rootOf(page)).toHaveAttribute('data-version', original);
  });
}

for (const [brk, version] of [['throw-on-mount', '1.0.3-mountcrash'], ['throw-on-render', '1.0.3-rendercrash']] as const) {
  test(`a release that crashes (${brk}) is contained to its area; other routes work; rollback restores it`, async ({ page }) => {
    test.setTimeout(90_000);
    const r = siteCmd('release', [REMOTE], { RELEASE_VERSION: version, RELEASE_TEST_BREAK: brk });
    expect(r.code, r.stdout + r.stderr).toBe(0); // it exposes './spa' and fits the host: the gate cannot know it crashes
    await page.goto('/customer?lang=en');
    await expect(page.getByTestId(`fallback-${REMOTE}`)).toContainText('This part of the site is unavailable right now.');
    await expect(page.getByTestId('remote-versions').locator(`[data-remote-name="${REMOTE}"]`)).toHaveText(`${REMOTE} ${version}`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Memberships' }).click();
    await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible();
    await expect(page.getByTestId(`fallback-${REMOTE}`)).toHaveCount(0);
    await nav.getByRole('link', { name: 'Movies & shows' }).click();
    await expect(page.getByTestId('presentation-link').first()).toBeVisible();

    const back = siteCmd('rollback', [REMOTE, original]);
    expect(back.code, back.stderr).toBe(0);
    await page.goto('/customer?lang=en');
    await expect(rootOf(page)).toHaveAttribute('data-version', original);
    await expect(page.getByLabel('Mobile number')).toBeVisible();
  });
}

test('caching: registry no-store, versioned remote files and hashed host chunks immutable, host page revalidates', async ({ request }) => {
  const reg = await request.get('/remotes.json');
  expect(reg.headers()['cache-control']).toBe('no-store');
  const entry = (await reg.json()).remotes.find((r: { name: string }) => r.name === REMOTE);
  const manifest = await request.get(entry.manifest);
  expect(manifest.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const remoteEntry = await request.get(entry.manifest.replace('mf-manifest.json', 'remoteEntry.js'));
  expect(remoteEntry.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const page = await request.get('/order');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const chunk = (await page.text()).match(/src="(\/main\.[0-9a-f]{10}\.js)"/)![1];
  expect((await request.get(chunk)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // A missing file is a 404, never the HTML page and never cached.
  const missing = await request.get('/main.0000000000.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBe('no-store');
});
