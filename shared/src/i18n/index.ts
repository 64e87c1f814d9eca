import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Locale, LOCALES } from '../contracts/events';
import { rememberLocale, storedLocaleRaw } from './storedLocale';

export { LOCALES, rememberLocale };
export const DEFAULT_LOCALE: Locale = 'he';
export const RTL_LOCALES: readonly Locale[] = ['he', 'ar'];
export type Resources = Record<Locale, Record<string, unknown>>;
type Texts = Record<string, unknown>;
/** One loader per locale, so a page fetches the texts of its own language only (`() => import('./he.json')`). */
export type ResourceLoaders = Record<Locale, () => Promise<Texts | { default: Texts }>>;

/** The common texts: each language its own chunk. */
const COMMON: ResourceLoaders = {
  he: () => import(/* webpackChunkName: "texts-he" */ './locales/he.json'),
  en: () => import(/* webpackChunkName: "texts-en" */ './locales/en.json'),
  ru: () => import(/* webpackChunkName: "texts-ru" */ './locales/ru.json'),
  ar: () => import(/* webpackChunkName: "texts-ar" */ './locales/ar.json'),
  pl: () => import(/* webpackChunkName: "texts-pl" */ './locales/pl.json'),
};

export const dirOf = (locale: string) => (RTL_LOCALES.includes(locale as Locale) ? 'rtl' : 'ltr');
export const isLocale = (value: unknown): value is Locale => Locale.safeParse(value).success;

/**
 * The one i18next instance of the page. Every app bundles its own copy of this module (only i18next and
 * react-i18next are Module Federation singletons), so the instance and its start live on `globalThis`,
 * like the bus and the runtime config: whichever copy runs first creates it, the others find it.
 */
interface PageI18n { instance: I18n; ready?: Promise<unknown>; loaders: Map<string, ResourceLoaders> }
const holder = globalThis as { __ticketingI18n__?: PageI18n };
const page: PageI18n = (holder.__ticketingI18n__ ??= { instance: i18next.createInstance(), loaders: new Map([['common', COMMON]]) });
export const i18n: I18n = page.instance;

export function initI18n(lng: Locale = DEFAULT_LOCALE): Promise<unknown> {
  page.ready ??= i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: ['common'],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  }).then(() => loadLanguage(lng)).then(() => applyDocumentLocale(currentLocale()));
  return page.ready;
}

/** Adds a namespace whose texts are already in the bundle, in all five locales (tests, small packages). */
export function addNamespace(ns: string, resources: Resources): void {
  for (const lng of LOCALES) i18n.addResourceBundle(lng, ns, resources[lng] ?? {}, true, true);
}

/** A remote's namespace, fetched per language: the current one now, another when the visitor switches to it. */
export async function loadNamespace(ns: string, loaders: ResourceLoaders): Promise<void> {
  page.loaders.set(ns, loaders);
  await loadTexts(ns, loaders, currentLocale());
}

async function loadTexts(ns: string, loaders: ResourceLoaders, lng: Locale): Promise<void> {
  if (i18n.hasResourceBundle(lng, ns)) return;
  const loaded = await loaders[lng]();
  i18n.addResourceBundle(lng, ns, 'default' in loaded ? (loaded.default as Texts) : loaded, true, true);
}

/**
 * Fetches every registered namespace's texts in `lng` that are not there yet. The common texts are every screen's:
 * without them the language cannot change. A remote's texts that fail (its chunk gone after a deploy) leave that
 * remote to its own fallback and every other one working; they used to fail the next remote's start as well.
 */
async function loadLanguage(lng: Locale): Promise<void> {
  const registered = [...page.loaders];
  const results = await Promise.allSettled(registered.map(([ns, loaders]) => loadTexts(ns, loaders, lng)));
  const common = results[registered.findIndex(([ns]) => ns === 'common')];
  if (common?.status === 'rejected') throw common.reason;
}

function applyDocumentLocale(locale: Locale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = dirOf(locale);
}

/** Spec section 5: a locale is set only if among he, en, ru, ar, pl. */
export async function setLocale(locale: string): Promise<boolean> {
  if (!isLocale(locale)) return false;
  await loadLanguage(locale);
  await i18n.changeLanguage(locale);
  applyDocumentLocale(locale);
  rememberLocale(locale);
  return true;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export function storedLocale(): Locale | undefined {
  const l = storedLocaleRaw();
  return isLocale(l) ? l : undefined;
}
