import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { definition } from '../src/definition';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); sessionStorage.clear(); });

const list = {
  maxQuantity: 10,
  donations: [{
    id: 1, Code: 'KIDS', Name: 'Cinema for children', Description: 'Free screenings',
    donationDetails: [
      { id: 11, amount: 18, customAmount: false, maxAmount: null, selectedQuantity: 0 },
      { id: 14, amount: 10, customAmount: true, maxAmount: 10000, selectedQuantity: 0 },
    ],
  }],
};

describe('donations page', () => {
  it('offers no donation, fixed amounts and another amount; a quantity once chosen; "must select" with none', async () => {
    vi.stubGlobal('fetch', vi.fn(jsonFetch({ '/donations': list })));
    const { store } = await renderRemote(definition, '/donations');
    expect(await screen.findByRole('heading', { name: 'Cinema for children' })).toBeTruthy();
    const group = screen.getByRole('radiogroup', { name: 'Donation amount for Cinema for children' });
    expect((screen.getByLabelText('No donation') as HTMLInputElement).checked).toBe(true);
    expect(group.textContent).toContain('18.00');
    expect(screen.queryByLabelText('How many times: Cinema for children')).toBeNull();
    screen.getByTestId('donations-next').click();
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one donation.');

    fireEvent.click(screen.getByLabelText('Another amount'));
    const amount = screen.getByLabelText(/Your amount \(.*10\.00 to .*10,000\.00\)/);
    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('How many times: Cinema for children'), { target: { value: '3' } });
    expect(store.getState().donation.lines['1']).toEqual({ donationId: 1, donationDetailId: 14, customAmount: 25, selectedQuantity: 3 });
    fireEvent.click(screen.getByLabelText('No donation'));
    expect(store.getState().donation.lines['1']).toBeUndefined();
  });
});
