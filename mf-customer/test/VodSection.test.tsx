import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { formatDayMonthYearTime } from '@ticketing/shared';
import { jsonFetch } from '@ticketing/shared/testing';
import { VodSection } from '../src/area/VodSection';
import { vodBlock } from '../src/area/VodReason';
import { renderComponent, vod } from './fixtures';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const FUTURE_FROM = '2099-06-01T15:00:00.000Z';
const PAST_UNTIL = '2025-05-03T10:00:00.000Z';
const titles = [
  vod({ ticketId: 1, reservationIdentifier: 'W100001' }),
  vod({ ticketId: 2, reservationIdentifier: 'W100002' }),
  vod({ ticketId: 3, title: 'Used Up', reservationIdentifier: 'W100003', playCount: 3, playsRemaining: 0, canPlay: false }),
  vod({ ticketId: 4, title: 'Soon', reservationIdentifier: 'W100004', availableFrom: FUTURE_FROM, availableUntil: '2099-06-03T15:00:00.000Z', canPlay: false }),
  vod({ ticketId: 5, title: 'Gone', reservationIdentifier: 'W100005', availableUntil: PAST_UNTIL, canPlay: false }),
];
const show = (lang: 'en' | 'he' = 'en') => {
  vi.stubGlobal('fetch', vi.fn(jsonFetch({ '/customer-area/vod': { vod: titles } })));
  return renderComponent(VodSection, lang);
};
// descriptions compared without spaces before a period (dom-accessibility-api pads inline elements; a browser does not)
const spaced = (text: string) => (content: string) => content.replace(/\s+([.,])/g, '$1') === text;
const button = (name: string, description: string) => screen.getByRole('button', { name, description: spaced(description) });
/** The reason line a button's description points at (after the order line). */
const reasonOf = (b: HTMLElement) => document.getElementById(b.getAttribute('aria-describedby')!.split(' ')[1]!)!;

describe('video on demand: two purchases of one title, and why Play is off', () => {
  it('shows each card\'s order under its title; the two Play buttons keep their name and differ by description', async () => {
    await show();
    const plays = await screen.findAllByRole('button', { name: 'Play The Quiet Sea' });
    expect(plays).toHaveLength(2);
    expect(screen.getByText('Order W100001')).toBeTruthy();
    expect(screen.getByText('Order W100002')).toBeTruthy();
    expect(button('Play The Quiet Sea', 'Order W100001')).not.toBe(button('Play The Quiet Sea', 'Order W100002'));
    // an open title has no reason to give
    expect(button('Play The Quiet Sea', 'Order W100001').getAttribute('aria-describedby')!.split(' ')).toHaveLength(1);
  });

  it('a disabled Play says why beside it: no plays left, not yet available, the window ended (dates left to right)', async () => {
    await show();
    await screen.findAllByRole('button', { name: 'Play The Quiet Sea' });
    const used = button('Play Used Up', 'Order W100003 You have no plays left.');
    expect((used as HTMLButtonElement).disabled).toBe(true);
    const soonText = `Available from \u2066${formatDayMonthYearTime(FUTURE_FROM)}\u2069.`;
    const soon = button('Play Soon', `Order W100004 ${soonText}`);
    expect((soon as HTMLButtonElement).disabled).toBe(true);
    expect(reasonOf(soon).textContent).toBe(soonText);
    expect(reasonOf(soon).textContent).toContain(`\u2066${formatDayMonthYearTime(FUTURE_FROM)}\u2069`);
    const goneText = `The viewing window ended on \u2066${formatDayMonthYearTime(PAST_UNTIL)}\u2069.`;
    const gone = button('Play Gone', `Order W100005 ${goneText}`);
    expect((gone as HTMLButtonElement).disabled).toBe(true);
    expect(reasonOf(gone).textContent).toContain(`\u2066${formatDayMonthYearTime(PAST_UNTIL)}\u2069`);
  });

  it('in Hebrew: the name as before, the order and the reason as its description', async () => {
    await show('he');
    expect(await screen.findAllByRole('button', { name: 'צפייה: The Quiet Sea', description: /^הזמנה W10000[12]$/ })).toHaveLength(2);
    expect(button('צפייה: Used Up', 'הזמנה W100003 לא נותרו לכם צפיות.')).toBeTruthy();
  });
});

describe('vodBlock', () => {
  const now = Date.parse('2025-05-02T10:00:00.000Z');
  it('gives no reason for a playable title, and the one reason of a closed one', () => {
    expect(vodBlock(vod(), now)).toBeNull();
    expect(vodBlock(vod({ canPlay: false, playsRemaining: 0, availableUntil: PAST_UNTIL }), now)).toEqual({ key: 'noPlays' });
    expect(vodBlock(vod({ canPlay: false, availableFrom: FUTURE_FROM }), now)).toEqual({ key: 'availableFrom', date: FUTURE_FROM });
    expect(vodBlock(vod({ canPlay: false, availableUntil: '2025-05-02T09:00:00.000Z' }), now)).toEqual({ key: 'ended', date: '2025-05-02T09:00:00.000Z' });
  });
});
