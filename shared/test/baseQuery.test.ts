import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../src/i18n';
import { toFailure } from '../src/api/baseQuery';

beforeAll(async () => { await initI18n('en'); });

describe('a failed call as the screens see it', () => {
  it('a server fault without a code of its own is said as one (it said "An error occurred")', () => {
    const f = toFailure({ status: 500, data: '' });
    expect(f).toMatchObject({ status: 500, code: 'INTERNAL', key: 'errors.INTERNAL' });
    expect(i18n.t(f.key, { ns: 'common' })).toBe('Something went wrong on our side. Please try again in a moment.');
    expect(toFailure({ status: 502, data: undefined }).code).toBe('INTERNAL');
  });
  it('no answer at all is the network; an api refusal keeps its code; a 4xx without one stays generic', () => {
    expect(toFailure({ status: 'FETCH_ERROR', error: 'Failed to fetch' }).code).toBe('NETWORK');
    expect(toFailure({ status: 409, data: { error: 'HOLD_EXPIRED' } }).code).toBe('HOLD_EXPIRED');
    expect(toFailure({ status: 400, data: '' })).toMatchObject({ code: 'GENERIC', key: 'errors.generic' });
  });
});
