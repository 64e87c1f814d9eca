import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { addNamespace, i18n, initI18n, setLocale } from '@ticketing/shared';
import { createStore } from '../src/store';
import { NAMESPACE, resources } from '../src/locales';

export type Locale = 'he' | 'en' | 'ru' | 'ar' | 'pl';

/** An answer of the stand-in api: JSON with a status (200 unless said). */
export interface Answer { status?: number; body: unknown }
const isAnswer = (v: unknown): v is Answer => typeof v === 'object' && v !== null && 'body' in v;

/**
 * A stand-in for the api: answers by URL substring (the first route that matches), JSON bodies, or { status, body };
 * every URL asked is kept in `calls`.
 */
export function stubApi(routes: Record<string, unknown | Answer>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push(decodeURIComponent(url));
    const hit = Object.entries(routes).find(([k]) => url.includes(k));
    const answer: Answer = !hit ? { status: 404, body: { error: 'NOT_FOUND' } } : isAnswer(hit[1]) ? hit[1] : { body: hit[1] };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

/** Where the router is (path and query), for assertions on the address. */
function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}

/** A screen of the remote at `path` (route patterns as in Dashboard.tsx), in `locale`, with the address shown in #where. */
export async function renderAt(locale: Locale, path: string, routes: Array<[string, ReactNode]>) {
  await initI18n(locale);
  await setLocale(locale);
  addNamespace(NAMESPACE, resources);
  return render(
    <I18nextProvider i18n={i18n}>
      <Provider store={createStore()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>{routes.map(([p, el]) => <Route key={p} path={p} element={el} />)}</Routes>
          <Where />
        </MemoryRouter>
      </Provider>
    </I18nextProvider>,
  );
}
