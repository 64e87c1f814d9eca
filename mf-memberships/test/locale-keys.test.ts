import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelsWithoutVisibleText, missingLocaleKeys, missingPluralForms } from '@ticketing/shared/testing/localeKeys';
import { ENROLMENT_ERRORS } from '@ticketing/shared/contracts/enrolment';
import { resources } from '../src/locales';
import { NAMESPACE } from '../src/locales';

// No raw text key on screen: every literal key the code asks for exists, in every locale; every enrolment error has a text.
describe('locale keys used by mf-memberships', () => {
  for (const lng of ['he', 'en', 'ru', 'ar', 'pl'] as const) {
    it(`resolves every literal t('…') key and every enrolment error in ${lng}`, () => {
      const src = resolve(__dirname, '../src');
      expect(missingLocaleKeys(src, NAMESPACE, resources, lng)).toEqual([]);
      const errors = (resources[lng] as { errors: Record<string, string> }).errors;
      expect(ENROLMENT_ERRORS.filter((c) => typeof errors[c] !== 'string' || !errors[c])).toEqual([]);
    });
  }
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
