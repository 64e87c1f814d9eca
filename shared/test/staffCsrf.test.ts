import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffCsrfFor } from '../src/api/http';

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'csrf=; max-age=0';
});

describe('the staff double-submit token', () => {
  it('goes with state-changing calls and is not read for reads (document.cookie is a synchronous trip to the browser)', () => {
    document.cookie = 'csrf=tok%2B1';
    const cookie = vi.spyOn(document, 'cookie', 'get');
    expect(staffCsrfFor('POST')).toBe('tok+1');
    expect(staffCsrfFor('delete')).toBe('tok+1');
    expect(cookie).toHaveBeenCalledTimes(2);
    expect(staffCsrfFor()).toBeUndefined();
    expect(staffCsrfFor('GET')).toBeUndefined();
    expect(staffCsrfFor('head')).toBeUndefined();
    expect(cookie).toHaveBeenCalledTimes(2);
  });
});
