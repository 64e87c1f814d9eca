import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { WaitlistSection } from '../src/area/WaitlistSection';
import { renderComponent } from './fixtures';

beforeEach(() => { window.history.pushState(null, '', '/customer?waitFor=42'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); window.history.pushState(null, '', '/'); });

/** The list is empty; joining answers `status` with `error`. */
const joinAnswers = (status: number, error: string) => vi.fn(async (input: RequestInfo | URL) => {
  const r = input as Request;
  const json = (body: unknown, s = 200) => new Response(JSON.stringify(body), { status: s, headers: { 'content-type': 'application/json' } });
  if (r.method === 'POST' && r.url.endsWith('/customer-area/waiting-list')) return json({ error }, status);
  return json({ entries: [] });
});

describe('waiting list: joining a screening that has free seats', () => {
  for (const [lang, t] of [
    ['en', { join: 'Join the list', message: 'Seats are free right now — you can book them.', book: 'Book now' }],
    ['he', { join: 'הצטרפות לרשימה', message: 'יש עכשיו מקומות פנויים להזמנה — אפשר להזמין מיד.', book: 'להזמנה עכשיו' }],
  ] as const) {
    it(`[${lang}] the 409 WAITLIST_SEATS_AVAILABLE comes with a link to book that screening, not as an error`, async () => {
      vi.stubGlobal('fetch', joinAnswers(409, 'WAITLIST_SEATS_AVAILABLE'));
      await renderComponent(WaitlistSection, lang);
      fireEvent.click(await screen.findByRole('button', { name: t.join }));
      const book = await screen.findByRole('link', { name: t.book });
      expect(book.getAttribute('href')).toBe('/order/42');
      expect(book.hasAttribute('data-spa')).toBe(true);
      expect(book.closest('[role="status"]')?.textContent).toContain(t.message);
      expect(screen.queryByRole('alert')).toBeNull();
    });
  }

  it('any other refusal is still an error, with no booking link', async () => {
    vi.stubGlobal('fetch', joinAnswers(404, 'EVENT_DETAILS_ERROR'));
    await renderComponent(WaitlistSection);
    fireEvent.click(await screen.findByRole('button', { name: 'Join the list' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Book now' })).toBeNull();
  });
});
