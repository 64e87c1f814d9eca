import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, cleanup } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('mobile login form', () => {
  it('refuses an empty and an invalid number with a translated error', async () => {
    await renderRemote(definition, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This field is required.');
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid mobile number.');
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a +972 number rewritten to 0', async () => {
    const fetch = vi.fn(jsonFetch({ '/customer-area/mobile-login': { success: true } }));
    vi.stubGlobal('fetch', fetch);
    await renderRemote(definition, '/');
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+972 52-123-4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const request = fetch.mock.calls[0][0] as Request;
    expect(await request.json()).toEqual({ mobileNumber: '0521234567' });
    expect(await screen.findByText('A code is on its way to your phone.')).toBeTruthy();
  });
});
