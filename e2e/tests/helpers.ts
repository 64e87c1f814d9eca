import type { Page, Request } from '@playwright/test';

/** Collects every request URL a page makes (for "which remote files were downloaded" checks). */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r: Request) => urls.push(r.url()));
  return urls;
}

export const remoteFiles = (urls: string[], remote: string) => urls.filter((u) => u.includes(`/remotes/${remote}/`));

/** What a visitor would find wrong in a page's load: refused calls (HTTP 4xx/5xx) and console errors, as they happen. */
export function recordProblems(page: Page): { refused: string[]; errors: string[] } {
  const problems = { refused: [] as string[], errors: [] as string[] };
  page.on('response', (r) => { if (r.status() >= 400) problems.refused.push(`${r.status()} ${r.url()}`); });
  page.on('console', (m) => { if (m.type() === 'error') problems.errors.push(m.text()); });
  return problems;
}
