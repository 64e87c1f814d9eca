import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingLocaleKeys } from '@ticketing/shared/testing/localeKeys';
import { NAMESPACE, resources } from '../src/locales';

type Tree = { [k: string]: string | Tree };
/** Every text's key path (plural forms apart: each language has its own, checked in plural-forms.test.ts). */
const keys = (o: Tree, path = ''): string[] => Object.entries(o).flatMap(([k, v]) =>
  typeof v === 'object' ? keys(v, `${path}${k}.`) : [`${path}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`]);

// No raw key on screen: every literal t('…') resolves, and every language has every text English has (keys built at
// run time, such as login.intro.{identifier} or the Trans keys of VodReason, are caught only by the second).
describe('locale keys used by mf-customer', () => {
  const en = new Set(keys(resources.en as Tree));
  for (const lng of ['he', 'en', 'ru', 'ar', 'pl'] as const) {
    it(`${lng}: every literal key resolves and the texts are those of en`, () => {
      expect(missingLocaleKeys(resolve(__dirname, '../src'), NAMESPACE, resources, lng)).toEqual([]);
      const own = new Set(keys(resources[lng] as Tree));
      expect([...en].filter((k) => !own.has(k))).toEqual([]);
      expect([...own].filter((k) => !en.has(k))).toEqual([]);
    });
  }
});
