import { describe, expect, it } from 'vitest';
import { Registry } from '@ticketing/shared/contracts';
import { externalTarget, pageKind, redirectFor, remoteFor, titleKeyFor } from '../src/routes';

describe('route table (spec section 2)', () => {
  it('maps each prefix to its remote', () => {
    expect(remoteFor('/order')).toBe('mf-booking');
    expect(remoteFor('/order/123')).toBe('mf-booking');
    expect(remoteFor('/edocument/abc')).toBe('mf-booking');
    expect(remoteFor('/mini-site/partner')).toBe('mf-booking');
    expect(remoteFor('/vod')).toBe('mf-booking');
    expect(remoteFor('/customer')).toBe('mf-customer');
    expect(remoteFor('/membership/GOLD/P1')).toBe('mf-memberships');
    expect(remoteFor('/vouchers/Description')).toBe('mf-vouchers');
    expect(remoteFor('/donations')).toBe('mf-vouchers');
    expect(remoteFor('/donations/receipt')).toBe('mf-vouchers');
    expect(remoteFor('/donationsx')).toBeUndefined();
  });
  it('gives ticket-ref to mf-ticketref, not to PresLive', () => {
    expect(remoteFor('/PRES-live')).toBe('mf-preslive');
    expect(remoteFor('/PRES-live/reports')).toBe('mf-preslive');
    expect(remoteFor('/PRES-live/ticket-ref')).toBe('mf-ticketref');
    expect(remoteFor('/PRES-live/ticket-ref/agents')).toBe('mf-ticketref');
  });
  it('does not match a prefix inside a longer word', () => {
    expect(remoteFor('/orders')).toBeUndefined();
    expect(remoteFor('/customerX')).toBeUndefined();
  });
  it('redirects configured defaults to the canonical routes', () => {
    expect(redirectFor('/system-vouchers')).toBe('/vouchers');
    expect(redirectFor('/memberships/GOLD')).toBe('/membership/GOLD');
    expect(redirectFor('/order')).toBeUndefined();
  });
  it('turns /http paths into full-page redirects', () => {
    expect(externalTarget('/https://example.com/x', '?a=1')).toBe('https://example.com/x?a=1');
    expect(externalTarget('/https:/example.com')).toBe('https://example.com');
    expect(externalTarget('/order')).toBeUndefined();
    expect(externalTarget('/httpfoo')).toBeUndefined();
  });
  it('decides index, remote or 404, including the lang parameter', () => {
    const enabled = ['he', 'en'];
    expect(pageKind('/', null, enabled)).toBe('index');
    expect(pageKind('/order', 'en', enabled)).toBe('remote');
    expect(pageKind('/order', 'xx', enabled)).toBe('notFound');
    expect(pageKind('/', 'ru', enabled)).toBe('notFound');
    expect(pageKind('/nope', null, enabled)).toBe('notFound');
  });
});

describe('issue 14: languages and titles', () => {
  it('enables all five locales by default; an unknown lang keeps the 404', () => {
    const enabled = Registry.parse({ remotes: [] }).config.enabledLocales;
    expect(enabled).toEqual(['he', 'en', 'ru', 'ar', 'pl']);
    for (const l of ['ar', 'ru', 'pl', 'he', 'en']) expect(pageKind('/order', l, enabled)).toBe('remote');
    expect(pageKind('/order', 'de', enabled)).toBe('notFound');
    expect(pageKind('/', 'xx', enabled)).toBe('notFound');
  });
  it('gives every route its own title key', () => {
    expect(titleKeyFor('/', 'index')).toBe('titles.index');
    expect(titleKeyFor('/order/12', 'remote')).toBe('titles.order');
    expect(titleKeyFor('/PRES-live/ticket-ref', 'remote')).toBe('titles.ticketRef');
    expect(titleKeyFor('/PRES-live', 'remote')).toBe('titles.staff');
    expect(titleKeyFor('/nope', 'notFound')).toBe('titles.notFound');
    expect(pageKind('/terms', null, ['he'])).toBe('terms');
    expect(titleKeyFor('/terms', 'terms')).toBe('titles.terms');
  });
});
