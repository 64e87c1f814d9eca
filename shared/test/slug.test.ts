import { describe, expect, it } from 'vitest';
import { slugify } from '../src/format/slug';

describe('slugify (spec section 2)', () => {
  it('trims and lowercases', () => expect(slugify('  Cinema City  ')).toBe('cinema-city'));
  it('transliterates accented Latin letters', () => expect(slugify('Café Łódź Straße')).toBe('cafe-lodz-strasse'));
  it('turns separators into hyphens and collapses repeats', () => expect(slugify('a_b.c  d--e')).toBe('a-b-c-d-e'));
  it('keeps Hebrew and Arabic letters and digits', () => expect(slugify('סינמה 2 سينما')).toBe('סינמה-2-سينما'));
  it('strips everything else', () => expect(slugify('Hello! (World) & *Co*')).toBe('hello-world-co'));
  it('gives an empty slug for punctuation only', () => expect(slugify('!!!')).toBe(''));
});
