import { describe, expect, it } from 'vitest';
import * as rules from '../src/validation/rules';

describe('form rules (spec section 5)', () => {
  it('required', () => {
    expect(rules.required('  ')?.key).toBe('validation.required');
    expect(rules.required('x')).toBeUndefined();
  });
  it('letters only accepts Hebrew and Latin, refuses digits', () => {
    expect(rules.lettersOnly('דנה Cohen')).toBeUndefined();
    expect(rules.lettersOnly('Dana1')?.key).toBe('validation.lettersOnly');
    // names as people write them: a maqaf, a geresh, a period
    for (const name of ['בן־דוד', 'Smith Jr.', "O'Brien", 'ג׳ורג׳', 'Anne-Marie']) expect(rules.lettersOnly(name), name).toBeUndefined();
    for (const name of ['Dana!', 'Dana_1', '<b>']) expect(rules.lettersOnly(name)?.key, name).toBe('validation.lettersOnly');
  });
  it('email', () => {
    expect(rules.email('a@b.co')).toBeUndefined();
    expect(rules.email('a@b')?.key).toBe('validation.email');
  });
  it('min and max length carry the count', () => {
    expect(rules.minLength(3)('ab')).toEqual({ key: 'validation.minLength', values: { count: 3 } });
    expect(rules.maxLength(2)('abc')?.values).toEqual({ count: 2 });
  });
  it('digits and alphanumeric', () => {
    expect(rules.digits('12a')?.key).toBe('validation.digits');
    expect(rules.alphanumeric('ab12')).toBeUndefined();
    expect(rules.alphanumeric('ab-12')?.key).toBe('validation.alphanumeric');
  });
  it('rewrites +972 mobile numbers to 0', () => {
    expect(rules.normalizeMobile('+972 52-123-4567')).toBe('0521234567');
    expect(rules.normalizeMobile('+9720521234567')).toBe('0521234567');
    expect(rules.mobile('+972521234567')).toBeUndefined();
    expect(rules.mobile('12345')?.key).toBe('validation.mobile');
  });
  it('Israeli ID check digit, padded with zeros', () => {
    expect(rules.isValidIsraeliId('000000018')).toBe(true);
    expect(rules.isValidIsraeliId('18')).toBe(false); // too short to be an ID
    expect(rules.isValidIsraeliId('123456782')).toBe(true);
    expect(rules.isValidIsraeliId('123456789')).toBe(false);
    expect(rules.israeliId('123456789')?.key).toBe('validation.ssn');
  });
  it('confirmation fields must match', () => {
    expect(rules.matches('a@b.co', 'validation.emailMatch')('a@b.com')?.key).toBe('validation.emailMatch');
    // an email confirmed in other letter case is the same address
    expect(rules.sameEmail('dana.qa@example.com')('Dana.QA@Example.com')).toBeUndefined();
    expect(rules.sameEmail('dana.qa@example.com')('dana.qb@example.com')?.key).toBe('validation.emailMatch');
  });
  it('removes hash characters from addresses', () => expect(rules.cleanAddress('Herzl 5 #3')).toBe('Herzl 5 3'));
  it('validate returns the first failing rule', () => {
    expect(rules.validate('', [rules.required, rules.email])?.key).toBe('validation.required');
  });
});
