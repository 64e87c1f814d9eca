import { describe, expect, it } from 'vitest';
import { missingPluralForms } from '@ticketing/shared/testing/localeKeys';
import { resources } from '../src/locales';

describe('plural texts', () => {
  it('have every form each language asks for (a missing one shows the raw key: Hebrew has one for two)', () => {
    expect(missingPluralForms(resources)).toEqual([]);
  });
});
