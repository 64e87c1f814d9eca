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

describe('a server fault is decided by its HTTP status (QA, eighteenth session)', () => {
  it("a proxy's HTML 502/503/504 (not JSON) is the server's fault with its real status, not a parsing error's generic text", () => {
    for (const originalStatus of [502, 503, 504]) {
      const f = toFailure({ status: 'PARSING_ERROR', originalStatus, data: '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>', error: 'SyntaxError: Unexpected token <' });
      expect(f).toMatchObject({ status: originalStatus, code: 'INTERNAL', key: 'errors.INTERNAL' });
      expect(i18n.t(f.key, { ns: 'common' })).toBe('Something went wrong on our side. Please try again in a moment.');
    }
  });
  it('a JSON 503 with a code this page does not know is said as a server fault; known codes keep their texts', () => {
    const f = toFailure({ status: 503, data: { error: 'UPSTREAM_MAINTENANCE' } });
    expect(f).toMatchObject({ status: 503, code: 'UPSTREAM_MAINTENANCE', key: 'errors.INTERNAL' });
    expect(toFailure({ status: 503, data: { error: 'NETWORK' } }).key).toBe('errors.NETWORK');
    expect(toFailure({ status: 409, data: { error: 'SOMETHING_NEW' } }).key).toBe('errors.generic');
  });
  it('a 2xx whose body does not parse stays a parsing error (nothing the server refused)', () => {
    const f = toFailure({ status: 'PARSING_ERROR', originalStatus: 200, data: 'oops', error: 'SyntaxError' });
    expect(f).toMatchObject({ status: 'PARSING_ERROR', code: 'GENERIC', key: 'errors.generic' });
  });
});
