import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@ticketing/shared';
import { Shell } from './Shell';

/** The shell (header, page area for index/404, footer, toasts) is a single-spa app that is always active. */
export function shellLifecycles(opts: { registryFailed: boolean; versions?: { name: string; version: string }[] }) {
  let root: Root | undefined;
  return {
    bootstrap: async () => {},
    mount: async () => {
      const host = document.createElement('div');
      host.id = 'shell-root';
      document.body.appendChild(host);
      root = createRoot(host);
      root.render(<I18nextProvider i18n={i18n}><Shell registryFailed={opts.registryFailed} versions={opts.versions ?? []} /></I18nextProvider>);
    },
    unmount: async () => { root?.unmount(); document.getElementById('shell-root')?.remove(); },
  };
}
