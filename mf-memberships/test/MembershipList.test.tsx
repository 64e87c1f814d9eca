import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRemote, jsonFetch } from '@ticketing/shared/testing';
import { subscribe } from '@ticketing/shared';
import { definition } from '../src/definition';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const currency = { CurrencyId: 1, CurrencySymbol: '₪', CurrencyCode: 'ILS' };
const membership = (id: number, code: string, name: string, typeId = 1) => ({
  MembershipId: id, MembershipTypeId: typeId, Code: code, Name: name, ClassName: 'Classic', Description: `${name} description`,
  prices: [
    { MembershipPriceId: id * 10, PriceCode: 'A', Name: 'Adult', Price: 199.9, currency, selectedQuantity: 0, usedQuantity: 0, DiscountId: null, SystemVoucherReference: null },
    { MembershipPriceId: id * 10 + 1, PriceCode: 'S', Name: 'Student', Price: 149, currency, selectedQuantity: 0, usedQuantity: 0, DiscountId: null, SystemVoucherReference: null },
  ],
  terms: { termsId: 1, text: 'Terms' }, seriesSize: typeId === 2 ? 6 : null, maxQuantity: 10,
});

describe('membership list', () => {
  it('lists memberships from the api with their ILS prices and series size', async () => {
    vi.stubGlobal('fetch', jsonFetch({ '/memberships': { memberships: [membership(1, 'GOLD', 'Gold'), membership(2, 'SERIES', 'Theatre series', 2)] } }));
    await renderRemote(definition, '/');
    expect(await screen.findByRole('heading', { name: 'Gold' })).toBeTruthy();
    expect(screen.getByText('A series of 6 shows')).toBeTruthy();
    expect(screen.getAllByText(/199\.90/).length).toBe(2);
  });

  it('filters prices by price code from the URL', async () => {
    vi.stubGlobal('fetch', jsonFetch({ '/memberships': { memberships: [membership(1, 'GOLD', 'Gold')] } }));
    await renderRemote(definition, '/GOLD/S');
    await screen.findByRole('heading', { name: 'Gold' });
    expect(screen.queryByText(/Adult/)).toBeNull();
    expect(screen.getAllByText(/Student/).length).toBeGreaterThan(0);
    // the purchase form offers only that price
    expect(await screen.findByRole('spinbutton', { name: 'Quantity: Student' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity: Adult' })).toBeNull();
  }, 30_000);

  it('by code: refuses to continue without a membership or without the terms; over 10 is said at the field, not silently changed', async () => {
    vi.stubGlobal('fetch', jsonFetch({ '/memberships': { memberships: [membership(1, 'GOLD', 'Gold')] }, '/membership/seatplan': { membershipId: 1, events: [] } }));
    sessionStorage.clear(); // a fresh visit (the purchase in progress survives reloads in session storage)
    const started: unknown[] = [];
    const off = subscribe('cart:started', (p) => started.push(p));
    await renderRemote(definition, '/GOLD');
    const adult = await screen.findByRole('spinbutton', { name: 'Quantity: Adult' }, { timeout: 15_000 });
    // none chosen yet: an empty field (it showed a 0 to type over), the ordinary input look
    expect((adult as HTMLInputElement).value).toBe('');
    expect(adult.className).toContain('tx-input');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose at least one membership.');
    fireEvent.change(adult, { target: { value: '25' } });
    // what was typed stays, and the field says the limit (25 silently became 10)
    expect((adult as HTMLInputElement).value).toBe('25');
    expect(adult.getAttribute('aria-invalid')).toBe('true');
    const over = document.getElementById(adult.getAttribute('aria-describedby')!)!;
    expect(over.textContent).toBe('At most 10 memberships in one purchase: enter 10 or fewer.');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('heading', { name: 'Customer details' })).toBeNull();
    fireEvent.change(adult, { target: { value: '2' } });
    expect(adult.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please accept the terms.');
    fireEvent.click(screen.getByRole('checkbox', { name: /accept the Terms/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Customer details' })).toBeTruthy();
    // starting a membership purchase tells the other remotes' carts to clear
    expect(started).toEqual([{ kind: 'memberships' }]);
    off();
  }, 30_000);

  it('the terms checkbox links to the terms (a new tab), as the ticket order does', async () => {
    vi.stubGlobal('fetch', jsonFetch({ '/memberships': { memberships: [membership(1, 'GOLD', 'Gold')] }, '/membership/seatplan': { membershipId: 1, events: [] } }));
    sessionStorage.clear();
    await renderRemote(definition, '/GOLD');
    const link = await screen.findByRole('link', { name: 'Read the membership terms (opens in a new tab)' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('/terms');
    expect(link.getAttribute('target')).toBe('_blank');
  }, 30_000);

  it("the confirmation speaks to a customer signed in as the membership's owner (it asked them to sign in)", async () => {
    const result = {
      orderIdentifier: 'MO5001', total: 199.9, seats: 0, replayed: false,
      members: [{ memberNumber: 'M500101', membershipIdentifier: 'MS-M500101', name: 'Gold', balance: 10, startDate: '2026-01-01', endDate: '2027-01-01', kind: 'new' }],
    };
    const me = (mobile: string) => ({ customerInfo: {
      CustomerId: 7, FirstName: 'Noa', LastName: 'Barak', SSN: null, EmailAddress1: 'noa@example.com', MobileNumber1: mobile, PhoneNumber1: null,
      Address1: null, Address2: null, City: null, PostalCode: null, DateOfBirth: null, IsSMSAllowed: true, IsEmailAllowed: true, IsMailingAllowed: false,
      LoyaltyPoints: 0, Members: [], hasActiveMembership: true,
    } });
    const shown = async (signedInMobile: string | null) => {
      cleanup();
      sessionStorage.clear();
      sessionStorage.setItem('ticketing.memberships.purchase', JSON.stringify({
        membershipId: 1, quantities: { 10: 1 }, renewMember: '', termsAccepted: true, seats: {}, holdExpiresAt: null,
        customerInfo: { mobileNumber: '0531234500' }, idempotencyKey: null, result,
      }));
      document.cookie = signedInMobile ? 'tx_customer_csrf=x; path=/' : 'tx_customer_csrf=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
      vi.stubGlobal('fetch', jsonFetch({
        '/memberships': { memberships: [membership(1, 'GOLD', 'Gold')] }, '/membership/seatplan': { membershipId: 1, events: [] },
        ...(signedInMobile ? { '/customer/refresh': me(signedInMobile) } : {}),
      }));
      await renderRemote(definition, '/GOLD');
      const p = await screen.findByTestId('membership-use-it', {}, { timeout: 15_000 });
      // the customer is asked for after the first render: give its answer time to arrive
      await waitFor(() => expect(p.textContent).toContain(signedInMobile === '0531234500' ? 'your account' : 'sign in'));
      await new Promise((r) => setTimeout(r, 100));
      return p.textContent;
    };
    expect(await shown('0531234500')).toBe('The membership is active on your account now: you can book member tickets or a hold order.');
    expect(await shown(null)).toBe('The membership is active now: sign in with your mobile number to book member tickets or a hold order.');
    // signed in as someone else: the membership is not theirs, so the sign-in text stays
    expect(await shown('0529999999')).toBe('The membership is active now: sign in with your mobile number to book member tickets or a hold order.');
    document.cookie = 'tx_customer_csrf=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  }, 60_000);

  it('shows a translated error when the call fails', async () => {
    vi.stubGlobal('fetch', jsonFetch({}));
    await renderRemote(definition, '/');
    expect((await screen.findByRole('alert')).textContent).toContain('Not found.');
  });
});
