import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelsWithoutVisibleText, missingLocaleKeys, missingPluralForms } from '@ticketing/shared/testing/localeKeys';
import { resources } from '../src/locales';
import { NAMESPACE } from '../src/locales';

// Issue 14 point 5: no raw text key on screen — every literal key the code asks for exists, in every locale.
describe('locale keys used by mf-booking', () => {
  for (const lng of ['he', 'en', 'ru', 'ar', 'pl'] as const) {
    it(`resolves every literal t('…') key in ${lng}`, () => {
      const src = resolve(__dirname, '../src');
      expect(missingLocaleKeys(src, NAMESPACE, resources, lng)).toEqual([]);
    });
  }
});

describe('e-ticket notes sent by the api', () => {
  it('are keys of every locale (no raw key on the e-ticket)', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const dir = resolve(__dirname, '../../api/src/domains/edocuments');
    const keys = readdirSync(dir).flatMap((f) => [...readFileSync(resolve(dir, f), 'utf8').matchAll(/notes\.push\('([\w.]+)'\)/g)].map((m) => m[1]!));
    expect(keys).toContain('edocument.notes.collectProducts');
    for (const lng of ['he', 'en', 'ru', 'ar', 'pl'] as const) {
      const missing = keys.filter((k) => typeof k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], resources[lng]) !== 'string');
      expect(missing, lng).toEqual([]);
    }
  });
});

describe('plural texts', () => {
  it('have every form each language asks for (a missing one shows the raw key: Hebrew has one for two)', () => {
    expect(missingPluralForms(resources)).toEqual([]);
  });
});

describe('a control\'s spoken name contains its visible text (axe label-content-name-mismatch)', () => {
  for (const lng of ['he', 'en', 'ru', 'ar', 'pl'] as const) {
    it(lng, () => {
      expect(labelsWithoutVisibleText(resolve(__dirname, '../src'), NAMESPACE, resources, lng)).toEqual([]);
    });
  }
});
