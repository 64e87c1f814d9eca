import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n, RemoteFallback } from '@ticketing/shared';

/** single-spa lifecycles that only render the translated fallback in a remote's area. */
export function fallbackLifecycles(name: string, container: () => HTMLElement) {
  let root: Root | undefined;
  return {
    bootstrap: async () => {},
    mount: async () => {
      root = createRoot(container());
      root.render(<I18nextProvider i18n={i18n}><RemoteFallback name={name} /></I18nextProvider>);
    },
    unmount: async () => { root?.unmount(); root = undefined; },
  };
}
