import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, i18n, loadNamespace, type Locale, type ResourceLoaders } from '@ticketing/shared';

/** The seat map's own i18next namespace on the shared instance, whichever remote renders the map. */
export const NAMESPACE = 'seatmap';

/**
 * One chunk per language, like the remotes' texts: a page fetches its own language's only (issue 12: the five were
 * ≈ 6 KB gzip of the seat map's chunk on every `/order/{id}`); another comes before the visitor switches to it
 * (`setLocale` fetches every registered namespace first).
 */
const LOADERS: ResourceLoaders = {
  he: () => import(/* webpackChunkName: "seatmap-texts-he" */ './he.json'),
  en: () => import(/* webpackChunkName: "seatmap-texts-en" */ './en.json'),
  ru: () => import(/* webpackChunkName: "seatmap-texts-ru" */ './ru.json'),
  ar: () => import(/* webpackChunkName: "seatmap-texts-ar" */ './ar.json'),
  pl: () => import(/* webpackChunkName: "seatmap-texts-pl" */ './pl.json'),
};

const loading = new Map<Locale, Promise<void>>();

/**
 * The seat map's texts in the page's language, asked for once per language. A failed download is asked for once more;
 * after that the map goes on without its texts rather than failing the page (it still works by its common texts).
 */
function textsFor(lng: Locale): Promise<void> {
  let p = loading.get(lng);
  if (!p) {
    p = loadNamespace(NAMESPACE, LOADERS).catch(() => loadNamespace(NAMESPACE, LOADERS)).catch(() => undefined);
    loading.set(lng, p);
  }
  return p;
}

/**
 * Starts fetching the texts with the page that shows the map, beside its code, so the map never waits for them.
 * Resolves once they are there (or given up on), never rejects: a page's first render can wait for it (lazyScreen).
 */
export function preloadSeatmapTexts(): Promise<void> {
  if (i18n.isInitialized) return textsFor(currentLocale());
  // a remote started beside the page's i18n: its language is known once it has started
  return new Promise((resolve) => {
    const start = () => { i18n.off('initialized', start); resolve(textsFor(currentLocale())); };
    i18n.on('initialized', start);
  });
}

/** A page's code that shows the map, loaded beside the map's texts: resolves when both are there. */
export function withSeatmapTexts<T>(code: Promise<T>): Promise<T> {
  return Promise.all([code, preloadSeatmapTexts()]).then(([m]) => m);
}

/** useTranslation for the seat map; suspends (the map's Suspense shows its placeholder) until its texts are there. */
export function useSeatmapTranslation() {
  const lng = currentLocale();
  if (!i18n.hasResourceBundle(lng, NAMESPACE)) use(textsFor(lng));
  return useTranslation(NAMESPACE);
}
