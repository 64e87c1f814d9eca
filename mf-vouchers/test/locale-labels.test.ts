import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelsWithoutVisibleText } from '@ticketing/shared/testing/localeKeys';
import { NAMESPACE, resources } from '../src/locales';

describe('a control\'s spoken name contains its visible text (axe label-content-name-mismatch)', () => {
  for (const lng of ['he', 'en', 'ru', 'ar', 'pl'] as const) {
    it(lng, () => {
      expect(labelsWithoutVisibleText(resolve(__dirname, '../src'), NAMESPACE, resources, lng)).toEqual([]);
    });
  }
});
