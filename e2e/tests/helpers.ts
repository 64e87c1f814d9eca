import type { Page, Request } from '@playwright/test';

/** Collects every request URL a page makes (for "which remote files were downloaded" checks). */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r: Request) => urls.push(r.url()));
  return urls;
}

export const remoteFiles = (urls: string[], remote: string) => urls.filter((u) => u.includes(`/remotes/${remote}/`));
