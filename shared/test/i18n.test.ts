import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { dirOf, initI18n, loadNamespace, setLocale, i18n, type ResourceLoaders } from '../src/i18n';

const root = path.resolve(__dirname, '..', '..');
const LOCALES = ['he', 'en', 'ru', 'ar', 'pl'];

/** Leaf keys; i18next plural forms (_zero/_one/_two/_few/_many/_other) count as one key, since each language has its own set of forms. */
function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`]));
}
const localeDirs = [path.join(root, 'shared/src/i18n/locales'), ...readdirSync(root).filter((d) => d.startsWith('mf-')).map((d) => path.join(root, d, 'src/locales'))].filter(existsSync);

describe('translations', () => {
  for (const dir of localeDirs) {
    it(`every key of ${path.relative(root, dir)} exists in all five locales`, () => {
      const all = Object.fromEntries(LOCALES.map((l) => [l, new Set(keys(JSON.parse(readFileSync(path.join(dir, `${l}.json`), 'utf8'))))]));
      const union = new Set(LOCALES.flatMap((l) => [...all[l]]));
      const missing = LOCALES.flatMap((l) => [...union].filter((k) => !all[l].has(k)).map((k) => `${l}:${k}`));
      expect(missing).toEqual([]);
    });
  }
  it('Hebrew and Arabic are right to left', () => {
    expect(dirOf('he')).toBe('rtl');
    expect(dirOf('ar')).toBe('rtl');
    expect(dirOf('en')).toBe('ltr');
  });
  it('sets only supported locales and updates <html lang dir>', async () => {
    await initI18n('he');
    expect(await setLocale('xx')).toBe(false);
    expect(await setLocale('en')).toBe(true);
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('notFound.title')).toBe('This page could not be found.');
    await setLocale('he');
    expect(document.documentElement.dir).toBe('rtl');
  });
  it('fetches the texts of the current language only, and another language when the visitor switches to it', async () => {
    await initI18n('he');
    await setLocale('he');
    const fetched: string[] = [];
    const loaders = Object.fromEntries(LOCALES.map((l) => [l, async () => { fetched.push(l); return { greeting: `hello-${l}` }; }])) as unknown as ResourceLoaders;
    await loadNamespace('probe', loaders);
    expect(fetched).toEqual(['he']);
    expect(i18n.hasResourceBundle('ru', 'common')).toBe(false);
    await setLocale('ru');
    expect(fetched).toEqual(['he', 'ru']);
    expect(i18n.t('probe:greeting')).toBe('hello-ru');
    expect(i18n.hasResourceBundle('ru', 'common')).toBe(true);
    await setLocale('he');
    expect(fetched).toEqual(['he', 'ru']);
  });
  it('a remote whose texts fail to load fails alone: the next remote starts and the language still changes', async () => {
    await initI18n('he');
    await setLocale('he');
    const gone = Object.assign(new Error('Loading chunk 79 failed.'), { name: 'ChunkLoadError' });
    const broken = Object.fromEntries(LOCALES.map((l) => [l, async () => { throw gone; }])) as unknown as ResourceLoaders;
    const working = Object.fromEntries(LOCALES.map((l) => [l, async () => ({ title: `works-${l}` })])) as unknown as ResourceLoaders;
    await expect(loadNamespace('brokenRemote', broken)).rejects.toBe(gone);
    await loadNamespace('workingRemote', working);
    expect(i18n.t('workingRemote:title')).toBe('works-he');
    await setLocale('en');
    expect(i18n.t('workingRemote:title')).toBe('works-en');
    expect(i18n.t('notFound.title')).toBe('This page could not be found.');
    await setLocale('he');
  });
});
