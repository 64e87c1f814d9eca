import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import he from '../i18n/locales/he.json';
import en from '../i18n/locales/en.json';
import ru from '../i18n/locales/ru.json';
import ar from '../i18n/locales/ar.json';
import pl from '../i18n/locales/pl.json';

const COMMON = { he, en, ru, ar, pl } as const;

/** Test helper (point 5 of issue 14): literal `t('key')` calls in a source tree whose key no locale resource has. */
type Tree = { [k: string]: string | Tree };

const has = (tree: Tree, key: string) => {
  let o: string | Tree | undefined = tree;
  for (const p of key.split('.')) o = typeof o === 'object' ? o[p] : undefined;
  // i18next plural forms: key_one / key_other
  if (o === undefined && key.split('.').length) {
    const parts = key.split('.'); const last = parts.pop()!;
    let p: string | Tree | undefined = tree;
    for (const x of parts) p = typeof p === 'object' ? p[x] : undefined;
    return typeof p === 'object' && (`${last}_other` in p || `${last}_one` in p);
  }
  return typeof o === 'string';
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const f = join(dir, n);
    return statSync(f).isDirectory() ? files(f) : /\.tsx?$/.test(n) ? [f] : [];
  });
}

/**
 * Every `t('literal')` under `srcDir` must resolve in locale `lng`: in the remote's own namespace,
 * or in the one it names (`common:key`, `booking:key`).
 */
export function missingLocaleKeys(srcDir: string, ownNamespace: string, own: Record<keyof typeof COMMON, unknown>, lng: keyof typeof COMMON): string[] {
  const namespaces: Record<string, Tree> = { [ownNamespace]: own[lng] as Tree, common: COMMON[lng] as unknown as Tree };
  const missing: string[] = [];
  for (const f of files(srcDir)) {
    const text = readFileSync(f, 'utf8');
    // A file that asks for another namespace (`useTranslation('common')`) resolves bare keys there.
    const fileNs = /useTranslation\(\s*['"]([\w-]+)['"]/.exec(text)?.[1] ?? ownNamespace;
    for (const m of text.matchAll(/\bt\(\s*['"]([A-Za-z0-9_.:-]+)['"]/g)) {
      const raw = m[1]!;
      const [ns, key] = raw.includes(':') ? raw.split(':') as [string, string] : [fileNs, raw];
      const res = namespaces[ns];
      if (!res || !has(res, key)) missing.push(`${f.slice(srcDir.length + 1)}: ${raw}`);
    }
  }
  return [...new Set(missing)];
}

const lookup = (tree: Tree, key: string): string | undefined => {
  let o: string | Tree | undefined = tree;
  for (const p of key.split('.')) o = typeof o === 'object' ? o[p] : undefined;
  return typeof o === 'string' ? o : undefined;
};

/**
 * A control whose visible text is one key and whose `aria-label` another (`aria-label={t('a', …)}>{t('aShort')}`, on one
 * line) must speak its visible text (WCAG 2.5.3 label in name; axe `label-content-name-mismatch`): a voice-control user
 * says what they see. Returns the pairs whose label, in `lng`, does not contain the visible text.
 */
export function labelsWithoutVisibleText(srcDir: string, ownNamespace: string, own: Record<keyof typeof COMMON, unknown>, lng: keyof typeof COMMON): string[] {
  const namespaces: Record<string, Tree> = { [ownNamespace]: own[lng] as Tree, common: COMMON[lng] as unknown as Tree };
  const resolve = (fileNs: string, raw: string) => {
    const [ns, key] = raw.includes(':') ? raw.split(':') as [string, string] : [fileNs, raw];
    return namespaces[ns] ? lookup(namespaces[ns]!, key) : undefined;
  };
  const out: string[] = [];
  for (const f of files(srcDir)) {
    const text = readFileSync(f, 'utf8');
    const fileNs = /useTranslation\(\s*['"]([\w-]+)['"]/.exec(text)?.[1] ?? ownNamespace;
    for (const line of text.split('\n')) {
      const m = /aria-label=(.*)>\s*\{t\(\s*'([A-Za-z0-9_.:-]+)'\s*\)\}/.exec(line);
      if (!m) continue;
      const visible = resolve(fileNs, m[2]!);
      if (!visible) continue;
      for (const k of m[1]!.matchAll(/\bt\(\s*'([A-Za-z0-9_.:-]+)'/g)) {
        const label = resolve(fileNs, k[1]!);
        if (label && !label.toLocaleLowerCase(lng).includes(visible.toLocaleLowerCase(lng))) out.push(`${lng} ${k[1]} "${label}" does not contain ${m[2]} "${visible}"`);
      }
    }
  }
  return out;
}

/**
 * Plural keys (`key_one`, `key_other`…) without a form the language's plural rules ask for: i18next picks the form by
 * `Intl.PluralRules`, and a missing one shows the raw key (Hebrew has a form of its own for two: `key_two`).
 */
export function missingPluralForms(resources: Record<keyof typeof COMMON, unknown>): string[] {
  const missing: string[] = [];
  for (const [lng, tree] of Object.entries(resources)) {
    const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    const walk = (o: Tree, path: string) => {
      const keys = Object.keys(o);
      const plurals = new Set(keys.map((k) => /^(.+)_(zero|one|two|few|many|other)$/.exec(k)?.[1]).filter((k): k is string => !!k));
      for (const base of plurals) for (const form of forms) if (!(`${base}_${form}` in o)) missing.push(`${lng}: ${path}${base}_${form}`);
      for (const k of keys) { const v = o[k]; if (typeof v === 'object') walk(v, `${path}${k}.`); }
    };
    walk(tree as Tree, '');
  }
  return missing;
}

/** The common namespace's resources, for its own plural check. */
export const commonResources = COMMON;
