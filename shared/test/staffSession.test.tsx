import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useStaffSession } from '../src/staff/useStaffSession';

afterEach(() => { vi.unstubAllGlobals(); document.cookie = 'csrf=; max-age=0'; });

const user = { userId: 7, FirstName: 'Dana', LastName: 'Levi', businessIds: [1] };

describe('the staff session', () => {
  it('without the session cookie is anonymous from the first render, with no call to /staff/me', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useStaffSession());
    expect(result.current.state).toEqual({ status: 'anonymous', busy: false });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('with the cookie asks /staff/me and is signed in by its answer', async () => {
    document.cookie = 'csrf=s-1';
    const fetch = vi.fn(async () => new Response(JSON.stringify(user), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useStaffSession());
    expect(result.current.state.status).toBe('loading');
    await waitFor(() => expect(result.current.state).toEqual({ status: 'signedIn', user, busy: false }));
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/staff\/me$/);
  });
});

describe('a refused staff sign-in says', () => {
  // the texts as the staff see them, in he and en (plural forms by the language's rules)
  const text = async (lng: 'he' | 'en', body: unknown) => {
    const { initI18n, setLocale, i18n } = await import('../src/i18n');
    const { loginFailure } = await import('../src/staff/useStaffSession');
    await initI18n(lng);
    await setLocale(lng);
    const f = loginFailure(body);
    return i18n.t(f.errorKey, { ns: 'common', ...f.errorValues });
  };
  it('the real length of the pause (the api\'s wait, not "a minute")', async () => {
    expect(await text('en', { error: 'RATE_LIMITED', retryAfterSeconds: 840 })).toBe('Too many failed attempts: sign-in from here is paused. Try again in 14 minutes.');
    expect(await text('en', { error: 'RATE_LIMITED', retryAfterSeconds: 20 })).toBe('Too many failed attempts: sign-in from here is paused. Try again in a minute.');
    expect(await text('he', { error: 'RATE_LIMITED', retryAfterSeconds: 900 })).toBe('יותר מדי ניסיונות כושלים: הכניסה מכאן מושהית. נסו שוב בעוד 15 דקות.');
  });
  it('how many tries are left before the pause, from two on, and that the pause has begun', async () => {
    const failed = (attemptsLeft: number) => ({ error: 'LOGIN_FAILED', attemptsLeft, pauseSeconds: 900 });
    expect(await text('en', failed(3))).toBe('The username or password is incorrect.');
    expect(await text('en', failed(2))).toBe('The username or password is incorrect. 2 more tries before sign-in from here is paused for 15 minutes.');
    expect(await text('en', failed(1))).toBe('The username or password is incorrect. One more try before sign-in from here is paused for 15 minutes.');
    expect(await text('en', failed(0))).toBe('The username or password is incorrect. Sign-in from here is now paused for 15 minutes.');
    expect(await text('he', failed(2))).toBe('שם המשתמש או הסיסמה שגויים. נותרו עוד שני ניסיונות לפני שהכניסה מכאן תושהה ל-15 דקות.');
  });
});
