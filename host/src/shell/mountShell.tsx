import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@ticketing/shared';
import { Shell, type RetryRegistry } from './Shell';

/**
 * The shell (header, page area for index/terms/404, footer, toasts) is always there, on every route: it is mounted
 * once at start-up, before and without single-spa, which only the remotes need.
 */
export function mountShell(opts: { registryFailed: boolean; versions?: { name: string; version: string }[]; retryRegistry?: RetryRegistry }): void {
  const host = document.createElement('div');
  host.id = 'shell-root';
  document.body.appendChild(host);
  const root = createRoot(host);
  // A transition: React renders the shell in slices that leave the main thread free between them (TBT).
  startTransition(() => root.render(<I18nextProvider i18n={i18n}><Shell registryFailed={opts.registryFailed} versions={opts.versions ?? []} retryRegistry={opts.retryRegistry} /></I18nextProvider>));
}
