// The language chosen earlier in this tab (sessionStorage), without i18next or zod, so the host page's early script
// (host/src/early.ts) reads the same key as the i18n module.
const KEY = 'ticketing.locale';

/** The stored choice as it is (the caller checks it is a locale), or undefined when none or storage is off. */
export function storedLocaleRaw(): string | undefined {
  try { return sessionStorage.getItem(KEY) ?? undefined; } catch { return undefined; }
}

/** Keeps the visitor's language for the rest of this tab's visit. */
export function rememberLocale(locale: string): void {
  try { sessionStorage.setItem(KEY, locale); } catch { /* storage may be off */ }
}
