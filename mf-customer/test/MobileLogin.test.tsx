import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, cleanup } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); vi.useRealTimers(); });

/** Nobody signed in (/customer/refresh is not routed: 404), and the routes given. */
const api = (routes: Record<string, unknown>) => vi.fn(jsonFetch(routes));
const bodies = async (fetch: ReturnType<typeof api>, path: string) =>
  Promise.all(fetch.mock.calls.map((c) => c[0] as Request).filter((r) => r.url.includes(path)).map((r) => r.clone().json()));

describe('mobile login form', () => {
  it('refuses an empty and an invalid number with a translated error', async () => {
    vi.stubGlobal('fetch', api({}));
    await renderRemote(definition, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This field is required.');
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid mobile number.');
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a +972 number rewritten to 0, then asks for the code with a resend countdown and a way back', async () => {
    const fetch = api({ '/customer-area/mobile-login': { success: true } });
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '+972 52-123-4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await waitFor(async () => expect(await bodies(fetch, '/customer-area/mobile-login')).toEqual([{ mobileNumber: '0521234567' }]));
    expect(await screen.findByText('We texted a 6-digit code to 0521234567.')).toBeTruthy();
    const resend = screen.getByRole('button', { name: /Send a new code in \d+ s/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    // a code that is not 6 digits is refused before anything is sent
    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6 digits of the code.');
    fireEvent.click(screen.getByRole('button', { name: 'Change the mobile number' }));
    expect(await screen.findByLabelText('Mobile number')).toBeTruthy();
  });

  it('a wrong code shows the api error in the visitor language', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = (input as Request).url;
      if (url.includes('/customer-area/mobile-login-validation')) return new Response(JSON.stringify({ error: 'INVALID_SMS_CODE' }), { status: 401 });
      if (url.includes('/customer-area/mobile-login')) return new Response(JSON.stringify({ success: true }), { status: 200 });
      return new Response(JSON.stringify({ error: 'UNAUTHORIZED' }), { status: 401 });
    });
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '0521234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    fireEvent.change(await screen.findByLabelText('Code from the SMS'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code is incorrect.');
  });
});

describe('sign-in by ID number and by password', () => {
  it('offers the configured identifiers; an invalid ID number is refused; a valid one is sent as ssn and the code step keeps the number private', async () => {
    const fetch = api({ '/customer/login-options': { identifiers: ['mobile', 'ssn'], passwordLogin: true }, '/customer-area/mobile-login': { success: true } });
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/');
    fireEvent.click(await screen.findByRole('radio', { name: 'My identity card' }));
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid ID number.');
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '000000018' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await waitFor(async () => expect(await bodies(fetch, '/customer-area/mobile-login')).toEqual([{ ssn: '000000018' }]));
    expect(await screen.findByText('We texted a 6-digit code to the mobile number on file.')).toBeTruthy();
  });

  it('email and password: LOGIN_FAILED is shown in the visitor language', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = (input as Request).url;
      if (url.includes('/customer/login-options')) return new Response(JSON.stringify({ identifiers: ['mobile'], passwordLogin: true }), { status: 200 });
      if (url.includes('/customer/login')) return new Response(JSON.stringify({ error: 'LOGIN_FAILED' }), { status: 401 });
      return new Response(JSON.stringify({ error: 'UNAUTHORIZED' }), { status: 401 });
    });
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with email and password' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/.+/);
    expect((await screen.findByRole('alert')).textContent).not.toBe('An error occurred. Please try again.');
  });
});
