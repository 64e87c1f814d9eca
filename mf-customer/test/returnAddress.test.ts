import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../src/App';

describe('returnTo after the sign-in', () => {
  it('accepts a path of this site and nothing else', () => {
    expect(safeReturnTo('?returnTo=%2Fvouchers%2Fbuy')).toBe('/vouchers/buy');
    expect(safeReturnTo('?returnTo=/donations?x=1')).toBe('/donations?x=1');
    expect(safeReturnTo('')).toBeNull();
    expect(safeReturnTo('?returnTo=https://evil.example/')).toBeNull();
    expect(safeReturnTo('?returnTo=//evil.example/')).toBeNull();
    expect(safeReturnTo('?returnTo=/\\evil.example/')).toBeNull();
    expect(safeReturnTo('?returnTo=javascript:alert(1)')).toBeNull();
  });
});
