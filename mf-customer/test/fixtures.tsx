// Test data and a one-component render for the customer area's section tests (no mocks here: each test stubs its own fetch).
import type { ComponentType } from 'react';
import type { AreaVod, CustomerInfo, Member } from '@ticketing/shared/contracts';
import { renderRemote } from '@ticketing/shared/testing';
import { definition } from '../src/definition';

/** One component inside the remote's providers (texts, store, router) instead of its whole App. */
export const renderComponent = (Component: ComponentType, locale: 'he' | 'en' = 'en') => renderRemote({ ...definition, App: Component }, '/', locale);

export const member = (over: Partial<Member> = {}): Member => ({
  name: 'Cinema Club', additionalName: null, memberCustomerName: 'Dana Levi', membershipId: 1, membershipTypeId: 1, balance: 4, pointsBalance: 0,
  memberNumber: 'M1001', customerId: 7, membershipIdentifier: 'CC-1', usedBalance: 2, startDate: '2025-01-01', endDate: '2025-12-31',
  isAvailable: true, isExpired: false, isNotStarted: false, isLoyaltyPointsRedemption: false, allowMemberSaleTickets: true, ...over,
});

export const customer = (members: Member[] = [member()]): CustomerInfo => ({
  CustomerId: 7, FirstName: 'Dana', LastName: 'Levi', SSN: null, EmailAddress1: null, MobileNumber1: '0521234567', PhoneNumber1: null,
  Address1: null, Address2: null, City: null, PostalCode: null, DateOfBirth: null, IsSMSAllowed: true, IsEmailAllowed: true,
  IsMailingAllowed: false, LoyaltyPoints: 0, Members: members, hasActiveMembership: members.length > 0,
});

export const vod = (over: Partial<AreaVod> = {}): AreaVod => ({
  ticketId: 1, title: 'The Quiet Sea', reservationIdentifier: 'W100001', purchaseDate: '2025-05-01T10:00:00.000Z',
  availableFrom: '2025-05-01T10:00:00.000Z', availableUntil: '2099-05-03T10:00:00.000Z', playCount: 0, playsRemaining: 3,
  lastPlayback: null, canPlay: true, ...over,
});
