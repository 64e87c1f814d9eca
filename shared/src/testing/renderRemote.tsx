// Test helper for a remote's component tests (not part of the runtime bundle).
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { i18n, initI18n, loadNamespace, setLocale } from '../i18n';
import type { RemoteDefinition } from '../spa/lifecycles';

export async function renderRemote(def: RemoteDefinition, path = '/', locale: 'he' | 'en' = 'en') {
  await initI18n(locale);
  await setLocale(locale);
  await loadNamespace(def.namespace, def.resources);
  const store = def.createStore();
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <def.App />
        </MemoryRouter>
      </Provider>
    </I18nextProvider>,
  );
  return { ...utils, store };
}

/** A fetch stand-in answering JSON by URL substring (single-component tests only). */
export function jsonFetch(routes: Record<string, unknown>) {
  return async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const hit = Object.entries(routes).find(([k]) => url.includes(k));
    return new Response(JSON.stringify(hit ? hit[1] : { error: 'NOT_FOUND' }), { status: hit ? 200 : 404, headers: { 'content-type': 'application/json' } });
  };
}
