import { describe, expect, it } from 'vitest';
import { missingPluralForms } from '@ticketing/shared/testing/localeKeys';
import he from '../src/locales/he.json';
import en from '../src/locales/en.json';
import ru from '../src/locales/ru.json';
import ar from '../src/locales/ar.json';
import pl from '../src/locales/pl.json';

describe('plural texts', () => {
  it('have every form each language asks for (a missing one shows the raw key: Hebrew has one for two)', () => {
    expect(missingPluralForms({ he, en, ru, ar, pl })).toEqual([]);
  });
});
