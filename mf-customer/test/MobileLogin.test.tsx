import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, cleanup } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';
import { RESEND_AFTER_S } from '../src/login/MobileLogin';
import { customer } from './fixtures';

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

describe('email and password: too many wrong sign-ins (429 RATE_LIMITED per email or per address)', () => {
  for (const [lang, t] of [
    ['en', { open: 'Sign in with email and password', title: 'Email and password', email: 'Email', password: 'Password',
      text: 'Too many wrong sign-in attempts. Please try again later, or sign in with an SMS code.' }],
    ['he', { open: 'כניסה עם אימייל וסיסמה', title: 'כניסה עם אימייל וסיסמה', email: 'אימייל', password: 'סיסמה',
      text: 'יותר מדי ניסיונות כניסה שגויים. נסו שוב מאוחר יותר, או היכנסו עם קוד ב-\u2060SMS.' }],
  ] as const) {
    it(`[${lang}] says so in the visitor language, not the common "wait a minute"`, async () => {
      vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
        const url = (input as Request).url;
        if (url.includes('/customer/login-options')) return new Response(JSON.stringify({ identifiers: ['mobile'], passwordLogin: true }), { status: 200 });
        if (url.includes('/customer/login')) return new Response(JSON.stringify({ error: 'RATE_LIMITED' }), { status: 429 });
        return new Response(JSON.stringify({ error: 'UNAUTHORIZED' }), { status: 401 });
      }));
      await renderRemote(definition, '/', lang);
      fireEvent.click(await screen.findByRole('button', { name: t.open }));
      fireEvent.change(screen.getByLabelText(t.email), { target: { value: 'a@example.com' } });
      fireEvent.change(screen.getByLabelText(t.password), { target: { value: 'x' } });
      fireEvent.submit(screen.getByRole('form', { name: t.title }));
      expect((await screen.findByRole('alert')).textContent).toBe(t.text);
    });
  }
});

describe('the sign-in intro names the chosen identifier', () => {
  for (const [lang, t] of [
    ['en', { mobile: 'Sign in with your mobile number. We will text you a one-time code.', ssn: 'My identity card', ssnIntro: 'Sign in with your ID number. We will text you a one-time code.',
      member: 'My membership card', memberIntro: 'Sign in with your member number. We will text you a one-time code.' }],
    // "ב-" and "SMS" held together by a word joiner (U+2060): at 390 px the line broke after the hyphen
    ['he', { mobile: 'התחברו עם מספר הנייד. נשלח אליכם קוד חד-פעמי ב-\u2060SMS.', ssn: 'תעודת זהות', ssnIntro: 'התחברו עם מספר תעודת הזהות. נשלח אליכם קוד חד-פעמי ב-\u2060SMS.',
      member: 'כרטיס מנוי', memberIntro: 'התחברו עם מספר המנוי. נשלח אליכם קוד חד-פעמי ב-\u2060SMS.' }],
  ] as const) {
    it(`[${lang}] mobile, ID number and member number each have their own intro`, async () => {
      vi.stubGlobal('fetch', api({ '/customer/login-options': { identifiers: ['mobile', 'ssn', 'memberNumber'], passwordLogin: false } }));
      await renderRemote(definition, '/', lang);
      fireEvent.click(await screen.findByRole('radio', { name: t.ssn }));
      expect(screen.getByText(t.ssnIntro)).toBeTruthy();
      expect(screen.queryByText(t.mobile)).toBeNull();
      fireEvent.click(screen.getByRole('radio', { name: t.member }));
      expect(screen.getByText(t.memberIntro)).toBeTruthy();
      expect(screen.queryByText(t.ssnIntro)).toBeNull();
      fireEvent.click(screen.getAllByRole('radio')[0]!);
      expect(screen.getByText(t.mobile)).toBeTruthy();
    });
  }
});

describe('too many codes for one number (429 RATE_LIMITED of the code request)', () => {
  const TOO_MANY = 'Too many codes were requested for this number. Please try again in 15 minutes.';
  /** The first `allowed` code requests succeed, the next answer 429; a code check answers 429 as well. */
  const limited = (allowed: number) => {
    let sends = 0;
    return vi.fn(async (input: RequestInfo | URL) => {
      const url = (input as Request).url;
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.includes('/customer-area/mobile-login-validation')) return json({ error: 'RATE_LIMITED' }, 429);
      if (url.includes('/customer-area/mobile-login')) return ++sends <= allowed ? json({ success: true }) : json({ error: 'RATE_LIMITED' }, 429);
      return json({ error: 'NOT_FOUND' }, 404);
    });
  };

  it('the number step says the 15-minute limit (he and en), not the common "wait a minute"', async () => {
    vi.stubGlobal('fetch', limited(0));
    await renderRemote(definition, '/');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '0521234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TOO_MANY);
    cleanup();
    await renderRemote(definition, '/', 'he');
    fireEvent.change(await screen.findByLabelText('מספר נייד'), { target: { value: '0521234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'שלחו לי קוד' }));
    expect((await screen.findByRole('alert')).textContent).toBe('התבקשו יותר מדי קודים למספר הזה. נסו שוב בעוד 15 דקות.');
  });

  it('a refused resend on the code step says the same; a refused code check keeps the common text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', limited(1));
    await renderRemote(definition, '/');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '0521234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    fireEvent.change(await screen.findByLabelText('Code from the SMS'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe(TOO_MANY);
    await act(async () => { vi.advanceTimersByTime((RESEND_AFTER_S + 1) * 1000); });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TOO_MANY));
  });
});

describe('the keyboard focus through the sign-in (it fell to <body> at each step)', () => {
  const focused = () => document.activeElement;
  const dana = customer();
  const signInApi = () => api({
    '/customer/login-options': { identifiers: ['mobile'], passwordLogin: true },
    '/customer-area/mobile-login-validation': { customerAreaInfo: dana },
    '/customer-area/mobile-login': { success: true },
    '/customer/login': { customerInfo: dana },
  });

  it('code step: the code field; change number: the number field; resend: the code field, the status says a new code went', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', signInApi());
    await renderRemote(definition, '/');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '0521234567' } });
    fireEvent.submit(screen.getByLabelText('Mobile number').closest('form')!);
    const code = await screen.findByLabelText('Code from the SMS');
    await waitFor(() => expect(focused()).toBe(code));
    expect(screen.getByRole('status').textContent).toBe('We texted a 6-digit code to 0521234567.');

    fireEvent.click(screen.getByRole('button', { name: 'Change the mobile number' }));
    const number = await screen.findByLabelText('Mobile number');
    await waitFor(() => expect(focused()).toBe(number));
    fireEvent.change(number, { target: { value: '0521234567' } });
    fireEvent.submit(number.closest('form')!);
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('Code from the SMS')));

    await act(async () => { vi.advanceTimersByTime((RESEND_AFTER_S + 1) * 1000); });
    const resend = screen.getByRole('button', { name: 'Send a new code' });
    resend.focus();
    fireEvent.click(resend);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('We texted a new 6-digit code to 0521234567.'));
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('Code from the SMS')));
  });

  it('signed in by the code: the area\'s greeting has the focus (once, as it arrives)', async () => {
    vi.stubGlobal('fetch', signInApi());
    await renderRemote(definition, '/');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '0521234567' } });
    fireEvent.submit(screen.getByLabelText('Mobile number').closest('form')!);
    const code = await screen.findByLabelText('Code from the SMS');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.submit(code.closest('form')!);
    const hello = await screen.findByRole('heading', { name: 'Hello, Dana', level: 1 });
    await waitFor(() => expect(focused()).toBe(hello));
    expect(hello.getAttribute('tabindex')).toBe('-1');
  });

  it('signed in by email and password: the same greeting has the focus', async () => {
    vi.stubGlobal('fetch', signInApi());
    await renderRemote(definition, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with email and password' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Email and password' }));
    const hello = await screen.findByRole('heading', { name: 'Hello, Dana', level: 1 });
    await waitFor(() => expect(focused()).toBe(hello));
  });

  it('signed out from the page: the sign-in\'s heading has the focus (the button went with the area)', async () => {
    const fetch = signInApi();
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with email and password' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Email and password' }));
    await screen.findByRole('heading', { name: 'Hello, Dana', level: 1 });
    vi.stubGlobal('fetch', api({ '/customer-area/logout': { success: true }, '/customer/login-options': { identifiers: ['mobile'], passwordLogin: true } }));
    const out = screen.getByRole('button', { name: 'Sign out' });
    out.focus();
    fireEvent.click(out);
    const title = await screen.findByRole('heading', { name: 'My account', level: 1 });
    await waitFor(() => expect(focused()).toBe(title));
  });

  it('a refused code whose Sign in lost the focus (disabled during the check) brings it back to the code field', async () => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = (input as Request).url;
      if (url.includes('/customer-area/mobile-login-validation')) return new Response(JSON.stringify({ error: 'INVALID_SMS_CODE' }), { status: 401 });
      if (url.includes('/customer-area/mobile-login')) return new Response(JSON.stringify({ success: true }), { status: 200 });
      return new Response(JSON.stringify({ error: 'NOT_FOUND' }), { status: 404 });
    }));
    await renderRemote(definition, '/');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '0521234567' } });
    fireEvent.submit(screen.getByLabelText('Mobile number').closest('form')!);
    const code = await screen.findByLabelText('Code from the SMS');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.submit(code.closest('form')!);
    (document.activeElement as HTMLElement | null)?.blur(); // as Chromium does when the pressed button is disabled
    expect((await screen.findByRole('alert')).textContent).toBe('The code is incorrect.');
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('Code from the SMS')));
  });
});
