import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { addNamespace, i18n, initI18n, setLocale } from '@ticketing/shared';
import { jsonFetch } from '@ticketing/shared/testing';
import { ByCinema } from '../src/screens/ByCinema';
import { barWidth, MIN_VISIBLE_PERCENT } from '../src/lib/charts';
import { createStore } from '../src/store';
import { NAMESPACE, resources } from '../src/locales';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const DATE = '2026-11-03';
const TLV_DAY = {
  date: DATE,
  locations: [
    { LocationId: 1, Name: 'City Cinema Tel Aviv', Capacity: 2000, Sold: 900, Availability: 1096 },
    { LocationId: 2, Name: 'City Cinema Haifa', Capacity: 1000, Sold: 300, Availability: 700 },
    { LocationId: -1, Name: 'All cinemas', Capacity: 1000, Sold: 300, Availability: 700 },
  ],
};
const JERUSALEM_DAY = {
  date: DATE,
  locations: [
    { LocationId: 3, Name: 'City Cinema Jerusalem', Capacity: 800, Sold: 100, Availability: 695 },
    { LocationId: -1, Name: 'All cinemas', Capacity: 800, Sold: 100, Availability: 695 },
  ],
};

/** ByCinema over a stand-in api answering one day's figures (the data route first: URLs match by substring). */
async function renderDay(day: unknown, locale: 'he' | 'en') {
  vi.stubGlobal('fetch', vi.fn(jsonFetch({
    '/PRES-live/locationTicketSales/data/': day,
    '/PRES-live/locationTicketSales/': { dates: [{ Date: DATE, Value: 1200 }] },
  })));
  await initI18n(locale);
  await setLocale(locale);
  addNamespace(NAMESPACE, resources);
  render(<I18nextProvider i18n={i18n}><Provider store={createStore()}><MemoryRouter><ByCinema /></MemoryRouter></Provider></I18nextProvider>);
}

describe('Sales by cinema (issue 14 point 11)', () => {
  it('shows dates day/month/year, held seats in the chart and the all-cinemas explanation (en)', async () => {
    await renderDay(TLV_DAY, 'en');
    expect(await screen.findByRole('table', { name: 'Sales by cinema on 03/11/2026' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '03/11/2026 — 1,200 sold' })).toBeTruthy();
    // Held = capacity − sold − availability: 4 at Tel Aviv, drawn and named although 4 of 2,000 is a sliver.
    expect(screen.getByRole('img', { name: 'City Cinema Tel Aviv: 900 sold · 4 held of 2,000' })).toBeTruthy();
    const held = screen.getAllByTestId('held-bar');
    expect(held).toHaveLength(1);
    expect(Number(held[0]!.getAttribute('width'))).toBeGreaterThanOrEqual(MIN_VISIBLE_PERCENT);
    const all = screen.getByRole('rowheader', { name: /^All cinemas/ });
    expect(within(all).getByText('(without City Cinema Tel Aviv)')).toBeTruthy();
    expect(screen.getByTestId('all-cinemas-note').textContent).toBe("The 'All cinemas' row does not include City Cinema Tel Aviv (location 1), as the report defines it.");
  });

  it('names no cinema the Jerusalem manager does not have (he)', async () => {
    await renderDay(JERUSALEM_DAY, 'he');
    expect(await screen.findByRole('table', { name: 'מכירות לפי קולנוע ב-03/11/2026' })).toBeTruthy();
    expect(screen.queryByTestId('all-cinemas-note')).toBeNull();
    expect(document.body.textContent).not.toContain('Tel Aviv');
    expect(screen.getByRole('img', { name: 'City Cinema Jerusalem: 100 נמכרו · 5 שמורים מתוך 800' })).toBeTruthy();
  });

  // QA (fifteenth session): the chart's total bar read 'כל בתי הקולנוע: 747 נמכרו' while the table's row said
  // 'כל בתי הקולנוע (ללא סינמה העיר תל אביב)': a manager read 747 as the grand total.
  it('names the total bar as the table names its row: without location 1 (he and en)', async () => {
    await renderDay(TLV_DAY, 'he');
    await screen.findByRole('table', { name: 'מכירות לפי קולנוע ב-03/11/2026' });
    expect(screen.getByRole('img', { name: 'כל בתי הקולנוע (ללא City Cinema Tel Aviv): 300 נמכרו · 0 שמורים מתוך 1,000' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'כל בתי הקולנוע (ללא City Cinema Tel Aviv)' })).toBeTruthy();
    cleanup();
    await renderDay(TLV_DAY, 'en');
    await screen.findByRole('table', { name: 'Sales by cinema on 03/11/2026' });
    const figure = screen.getByRole('figure', { name: 'Sold and held out of capacity, 03/11/2026' });
    expect(within(figure).getByText('All cinemas (without City Cinema Tel Aviv)')).toBeTruthy();
    expect(within(figure).getByRole('img', { name: 'All cinemas (without City Cinema Tel Aviv): 300 sold · 0 held of 1,000' })).toBeTruthy();
    // the Jerusalem manager has no location 1: nothing to qualify
    cleanup();
    await renderDay(JERUSALEM_DAY, 'en');
    await screen.findByRole('table', { name: 'Sales by cinema on 03/11/2026' });
    expect(screen.getByRole('img', { name: 'All cinemas: 100 sold · 5 held of 800' })).toBeTruthy();
  });

  it('keeps any figure above zero visible in a bar', () => {
    expect(barWidth(0, 2000)).toBe(0);
    expect(barWidth(4, 2000)).toBe(MIN_VISIBLE_PERCENT);
    expect(barWidth(1000, 2000)).toBe(50);
  });

  // QA (phone, 390 px): the four bars were the same sliver beside 1%, 11%, 6% and 9% sold — every bar was drawn
  // against the largest capacity of the day (Tel Aviv's 21,876), not its own cinema's.
  it('draws each bar as its cinema\'s % sold, against its own capacity', async () => {
    await renderDay({
      date: DATE,
      locations: [
        { LocationId: 1, Name: 'City Cinema Tel Aviv', Capacity: 21876, Sold: 135, Availability: 21741 },
        { LocationId: 2, Name: 'City Cinema Haifa', Capacity: 1476, Sold: 157, Availability: 1319 },
        { LocationId: 4, Name: 'City Cinema Beer Sheva', Capacity: 800, Sold: 51, Availability: 749 },
        { LocationId: -1, Name: 'All cinemas', Capacity: 2276, Sold: 208, Availability: 2068 },
      ],
    }, 'en');
    await screen.findByRole('table', { name: 'Sales by cinema on 03/11/2026' });
    const soldWidth = (name: RegExp) => Number(screen.getByRole('img', { name }).querySelectorAll('rect')[1]!.getAttribute('width'));
    expect(soldWidth(/^City Cinema Tel Aviv:/)).toBe(MIN_VISIBLE_PERCENT); // 0.6%: kept visible
    expect(soldWidth(/^City Cinema Haifa:/)).toBeCloseTo((157 / 1476) * 100, 5); // 11%
    expect(soldWidth(/^City Cinema Beer Sheva:/)).toBeCloseTo((51 / 800) * 100, 5); // 6%
    expect(soldWidth(/^All cinemas \(without City Cinema Tel Aviv\):/)).toBeCloseTo((208 / 2276) * 100, 5); // 9%
    // the table's % sold column agrees with the bars
    const pctSold = screen.getAllByRole('row').slice(1).map((r) => r.lastElementChild?.textContent);
    expect(pctSold).toEqual(['1%', '11%', '6%', '9%']);
  });
});
