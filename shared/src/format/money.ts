import type { Locale } from '../contracts/events';

const LOCALE_TAGS: Record<Locale, string> = { he: 'he-IL', en: 'en-IL', ru: 'ru-IL', ar: 'ar-IL', pl: 'pl-PL' };
export const localeTag = (locale: Locale) => LOCALE_TAGS[locale] ?? 'he-IL';

const cache = new Map<string, Intl.NumberFormat>();

/** ILS with 2 decimals and the ₪ sign, in the visitor's locale. `amount` is in shekels. */
export function formatMoney(amount: number, locale: Locale = 'he'): string {
  let f = cache.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(localeTag(locale), { style: 'currency', currency: 'ILS', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' });
    cache.set(locale, f);
  }
  return f.format(amount);
}

/** Integer agorot to shekels without floating drift. */
export const agorotToShekels = (agorot: number) => Math.round(agorot) / 100;
export const shekelsToAgorot = (shekels: number) => Math.round(shekels * 100);
