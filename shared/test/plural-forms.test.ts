import { describe, expect, it } from 'vitest';
import { commonResources, missingPluralForms } from '../src/testing/localeKeys';

describe('plural texts of the common namespace', () => {
  it('have every form each language asks for (a missing one shows the raw key: Hebrew has one for two)', () => {
    expect(missingPluralForms(commonResources)).toEqual([]);
  });
});
