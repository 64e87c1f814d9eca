import { useCallback, useEffect, useState } from 'react';
import { StaffUser } from '../contracts/staff';
import { apiUrl, csrfHeaders, errorKeyFor as errorKey, staffSessionCookie } from '../api/http';
import { currentLocale } from '../i18n';
import type { StaffCredentials } from './StaffLoginForm';

export type StaffSessionState =
  | { status: 'loading' }
  | { status: 'anonymous'; errorKey?: string; errorValues?: Record<string, number>; busy: boolean }
  | { status: 'signedIn'; user: StaffUser; busy: boolean; errorKey?: string };

async function call(path: string, init: RequestInit = {}): Promise<{ ok: boolean; status: number; body: unknown }> {
  const headers = new Headers({ ...csrfHeaders(init.method), 'Accept-Language': currentLocale() });
  if (init.body) headers.set('Content-Type', 'application/json');
  const res = await fetch(apiUrl(path), { ...init, headers, credentials: 'same-origin' });
  const body = await res.json().catch(() => undefined);
  return { ok: res.ok, status: res.status, body };
}

type LoginRefusal = { error?: string; attemptsLeft?: number; pauseSeconds?: number; retryAfterSeconds?: number } | undefined;
const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));

/**
 * What a refused sign-in says: the tries left before the pause (from the third-last on), the pause's real length
 * (the api's Retry-After, not "a minute"), or the refusal's own text.
 */
export function loginFailure(body: unknown): { errorKey: string; errorValues?: Record<string, number> } {
  const b = body as LoginRefusal;
  if (b?.error === 'RATE_LIMITED' && typeof b.retryAfterSeconds === 'number') {
    return { errorKey: 'staffLogin.paused', errorValues: { count: minutes(b.retryAfterSeconds) } };
  }
  if (b?.error === 'LOGIN_FAILED' && typeof b.attemptsLeft === 'number' && typeof b.pauseSeconds === 'number' && b.attemptsLeft <= 2) {
    const values = { count: b.attemptsLeft, minutes: minutes(b.pauseSeconds) };
    return { errorKey: b.attemptsLeft === 0 ? 'staffLogin.failedLast' : 'staffLogin.failedLeft', errorValues: values };
  }
  return { errorKey: errorKey(b?.error) };
}

/**
 * The staff session of both staff remotes (PresLive and ticket reference admin): GET /staff/me on
 * mount when the session's readable cookie is there (without it nobody is signed in: the sign-in shows at once, with
 * no refused call), sign-in through POST /staff/login, sign-out through POST /staff/logout (CSRF header).
 * The session cookie is httpOnly; the page never sees the session token.
 */
export function useStaffSession() {
  const [check] = useState(staffSessionCookie);
  const [state, setState] = useState<StaffSessionState>(check ? { status: 'loading' } : { status: 'anonymous', busy: false });

  useEffect(() => {
    if (!check) return;
    let live = true;
    call('/staff/me')
      .then((r) => {
        if (!live) return;
        const user = StaffUser.safeParse(r.body);
        setState(r.ok && user.success ? { status: 'signedIn', user: user.data, busy: false } : { status: 'anonymous', busy: false });
      })
      .catch(() => live && setState({ status: 'anonymous', busy: false, errorKey: 'errors.generic' }));
    return () => { live = false; };
  }, [check]);

  const login = useCallback(async (c: StaffCredentials) => {
    setState({ status: 'anonymous', busy: true });
    try {
      const r = await call('/staff/login', { method: 'POST', body: JSON.stringify(c) });
      const user = StaffUser.safeParse(r.body);
      if (r.ok && user.success) setState({ status: 'signedIn', user: user.data, busy: false });
      else setState({ status: 'anonymous', busy: false, ...loginFailure(r.body) });
    } catch {
      setState({ status: 'anonymous', busy: false, errorKey: 'errors.generic' });
    }
  }, []);

  const logout = useCallback(async () => {
    setState((s) => (s.status === 'signedIn' ? { ...s, busy: true } : s));
    try {
      const r = await call('/staff/logout', { method: 'POST', body: '{}' });
      if (r.ok || r.status === 401) setState({ status: 'anonymous', busy: false });
      else setState((s) => (s.status === 'signedIn' ? { ...s, busy: false, errorKey: errorKey((r.body as { error?: string } | undefined)?.error) } : s));
    } catch {
      setState((s) => (s.status === 'signedIn' ? { ...s, busy: false, errorKey: 'errors.generic' } : s));
    }
  }, []);

  /** After a 401 from any staff call (session expired elsewhere). */
  const expired = useCallback(() => setState({ status: 'anonymous', busy: false, errorKey: 'errors.UNAUTHORIZED' }), []);

  return { state, login, logout, expired };
}
