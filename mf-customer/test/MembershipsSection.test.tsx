import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { MembershipsSection } from '../src/area/MembershipsSection';
import { member, renderComponent } from './fixtures';

afterEach(cleanup);

const members = [member({ name: 'Cinema Club', memberNumber: 'A 12/3' }), member({ name: 'Theatre Friends', memberNumber: 'M2002' })];

describe('memberships: renewal from the customer area', () => {
  it('each card links to its renewal page (a plain URL for the SPA), named after the membership, the number encoded', async () => {
    await renderComponent(() => <MembershipsSection members={members} />);
    const club = await screen.findByRole('link', { name: 'Renew Cinema Club' });
    expect(club.textContent).toBe('Renew');
    expect(club.getAttribute('href')).toBe('/membership/renew/A%2012%2F3');
    expect(club.hasAttribute('data-spa')).toBe(true);
    expect(screen.getByRole('link', { name: 'Renew Theatre Friends' }).getAttribute('href')).toBe('/membership/renew/M2002');
  });

  it('in Hebrew the visible text begins the accessible name', async () => {
    await renderComponent(() => <MembershipsSection members={members} />, 'he');
    const club = await screen.findByRole('link', { name: 'חידוש המנוי Cinema Club' });
    expect(club.textContent).toBe('חידוש המנוי');
  });
});
