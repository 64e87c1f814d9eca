import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { jsonFetch } from '@ticketing/shared/testing';
import { Area } from '../src/area/Area';
import { customer, renderComponent } from './fixtures';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const routes = {
  '/customer-area/customerAreaData': { customerAreaData: { upcoming: [], past: [], systemVouchers: [], cancellation: { enabled: false, fee: { kind: 'fixed', value: 0 } } } },
  '/customer-area/vod': { vod: [] },
  '/customer-area/waiting-list': { entries: [] },
};

describe('the customer area: season seats', () => {
  for (const [lang, t] of [
    ['en', { memberships: 'Memberships', title: 'Season seats', link: 'My season seats' }],
    ['he', { memberships: 'מנויים', title: 'מקומות קבועים בעונה', link: 'המקומות שלי בעונה' }],
  ] as const) {
    it(`[${lang}] a card next to the memberships links to the season enrolments page of mf-memberships`, async () => {
      vi.stubGlobal('fetch', vi.fn(jsonFetch(routes)));
      await renderComponent(() => <Area customer={customer()} onSignedOut={() => {}} />, lang);
      const card = await screen.findByRole('region', { name: t.title });
      expect(screen.getByRole('region', { name: t.memberships }).nextElementSibling).toBe(card);
      expect(card.querySelector('p')?.textContent).toMatch(/.{20,}/);
      const link = screen.getByRole('link', { name: t.link });
      expect(card.contains(link)).toBe(true);
      expect(link.getAttribute('href')).toBe('/membership/enrolments');
      expect(link.hasAttribute('data-spa')).toBe(true);
    });
  }
});
