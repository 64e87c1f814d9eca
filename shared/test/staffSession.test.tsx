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
