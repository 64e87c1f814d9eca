import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Locale } from '../contracts/events';
import { publish } from '../bus/eventBus';
import he from './locales/he.json';
import en from './locales/en.json';
import ru from './locales/ru.json';
import ar from './locales/ar.json';
import pl from './locales/pl.json';

export const LOCALES = Locale.options;
export const DEFAULT_LOCALE: Locale = 'he';
export const RTL_LOCALES: readonly Locale[] = ['he', 'ar'];
export type Resources = Record<Locale, Record<string, unknown>>;

export const dirOf = (locale: string) => (RTL_LOCALES.includes(locale as Locale) ? 'rtl' : 'ltr');
export const isLocale = (value: unknown): value is Locale => Locale.safeParse(value).success;

/** The one i18next instance of the page (shared as a Module Federation singleton). */
export const i18n: I18n = i18next.createInstance();
let ready: Promise<unknown> | undefined;

export function initI18n(lng: Locale = DEFAULT_LOCALE): Promise<unknown> {
  ready ??= i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: ['common'],
    defaultNS: 'common',
    resources: { he: { common: he }, en: { common: en }, ru: { common: ru }, ar: { common: ar }, pl: { common: pl } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLocale(i18n.language as Locale);
  return ready;
}

/** Each remote adds its own namespace; the texts of all five locales ship with the remote. */
export function addNamespace(ns: string, resources: Resources): void {
  for (const lng of LOCALES) i18n.addResourceBundle(lng, ns, resources[lng] ?? {}, true, true);
}

function applyDocumentLocale(locale: Locale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = dirOf(locale);
}

/** Spec section 5: a locale is set only if among he, en, ru, ar, pl. */
export async function setLocale(locale: string): Promise<boolean> {
  if (!isLocale(locale)) return false;
  await i18n.changeLanguage(locale);
  applyDocumentLocale(locale);
  try { sessionStorage.setItem('ticketing.locale', locale); } catch { /* storage may be off */ }
  publish('locale:changed', { locale });
  return true;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export function storedLocale(): Locale | undefined {
  try {
    const l = sessionStorage.getItem('ticketing.locale');
    return isLocale(l) ? l : undefined;
  } catch { return undefined; }
}
