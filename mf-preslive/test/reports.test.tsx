import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { addNamespace, i18n, initI18n, setLocale } from '@ticketing/shared';
import { jsonFetch } from '@ticketing/shared/testing';
import { Reports } from '../src/screens/Reports';
import { createStore } from '../src/store';
import { NAMESPACE, resources } from '../src/locales';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

type Locale = 'he' | 'en' | 'ru' | 'ar' | 'pl';

/** The api names product classes in Hebrew or English only (api/src/domains/preslive/routes/attendance.ts). */
const FILTERS = (names: 'he' | 'en') => ({
  locations: [{ LocationId: 1, Name: 'City Cinema Tel Aviv', BusinessId: 1 }],
  productClasses: [['drinks', 'משקאות', 'Drinks'], ['food', 'מזון', 'Food'], ['gift', 'מתנות', 'Gifts'], ['glasses', 'משקפיים', 'Glasses']]
    .map(([id, he, en]) => ({ ProductClassId: id!, Name: names === 'he' ? he! : en! })),
  weekendDays: [5, 6],
});

const product = (id: number, qty: number, cls = 'food') => ({ ProductId: id, ProductName: `Product ${id}`, ProductClassId: cls, Quantity: qty, Revenue: qty * 10 });

/** Reports over a stand-in api, then the report `kind` chosen in its select. */
async function renderReport(kind: string, locale: Locale, routes: Record<string, unknown>) {
  vi.stubGlobal('fetch', vi.fn(jsonFetch(routes)));
  await initI18n(locale);
  await setLocale(locale);
  addNamespace(NAMESPACE, resources);
  render(<I18nextProvider i18n={i18n}><Provider store={createStore()}><MemoryRouter><Reports /></MemoryRouter></Provider></I18nextProvider>);
  fireEvent.change(screen.getByRole('combobox', { name: i18n.t('reports.kind', { ns: NAMESPACE }) }), { target: { value: kind } });
}

describe('Reports: cinema filter data', () => {
  // QA: the raw category codes drinks / food / gift / glasses stood in an "identifier" column of the Hebrew page.
  const cases: Array<[Locale, 'he' | 'en', string[]]> = [
    ['he', 'he', ['משקאות', 'מזון', 'מתנות', 'משקפיים']],
    ['en', 'en', ['Drinks', 'Food', 'Gifts', 'Glasses']],
    ['ru', 'en', ['Напитки', 'Еда', 'Подарки', 'Очки']],
    ['ar', 'en', ['مشروبات', 'طعام', 'هدايا', 'نظارات']],
    ['pl', 'en', ['Napoje', 'Jedzenie', 'Prezenty', 'Okulary']],
  ];
  for (const [locale, apiNames, names] of cases) {
    it(`names the product classes in ${locale}, without their codes`, async () => {
      await renderReport('filterData', locale, { '/PRES-live/getCinemaFilterData': FILTERS(apiNames) });
      const table = await screen.findByRole('table', { name: i18n.t('reports.productClasses', { ns: NAMESPACE }) });
      expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(names);
      expect(within(table).queryByRole('columnheader', { name: i18n.t('cols.id', { ns: NAMESPACE }) })).toBeNull();
      expect(table.textContent).not.toMatch(/drinks|food|gift|glasses/);
    });
  }

  it('names a class it has no text for as the api does', async () => {
    const filters = FILTERS('he');
    filters.productClasses.push({ ProductClassId: 'parking', Name: 'חניה' });
    await renderReport('filterData', 'he', { '/PRES-live/getCinemaFilterData': filters });
    const table = await screen.findByRole('table', { name: 'סוגי מוצרים' });
    expect(within(table).getByRole('rowheader', { name: 'חניה' })).toBeTruthy();
  });
});

describe('Reports: snack bar top ten', () => {
  // QA: with 8 products the least sold list was the top ten list reversed. The api now leaves the top ten out of
  // it (empty with ten products or fewer); the screen says every product is in the first list.
  it('says every product is in the most sold list when the least sold list is empty (he)', async () => {
    const most = [product(4, 7931, 'drinks'), product(2, 6347), product(1, 5063), product(3, 5059), product(5, 3930, 'drinks'), product(7, 2044), product(6, 1989, 'glasses'), product(8, 1975, 'gift')];
    await renderReport('concessions', 'he', { '/PRES-live/getCinemaFilterData': FILTERS('he'), '/PRES-live/reports/concessions': { most, least: [] } });
    const top = await screen.findByRole('table', { name: 'עשרת המוצרים הנמכרים ביותר' });
    expect(within(top).getAllByRole('rowheader')).toHaveLength(8);
    expect(screen.queryByRole('table', { name: 'עשרת המוצרים הנמכרים פחות' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'עשרת המוצרים הנמכרים פחות' })).toBeTruthy();
    expect(screen.getByTestId('concessions-least-none').textContent).toBe('כל המוצרים (סה״כ 8) כבר מופיעים ברשימת הנמכרים ביותר.');
  });

  it('lists the least sold products the api sends after the top ten (en)', async () => {
    const most = Array.from({ length: 10 }, (_, i) => product(i + 1, 100 - i));
    const least = [product(12, 1), product(11, 2)];
    await renderReport('concessions', 'en', { '/PRES-live/getCinemaFilterData': FILTERS('en'), '/PRES-live/reports/concessions': { most, least } });
    const table = await screen.findByRole('table', { name: 'Ten least sold products' });
    expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Product 12', 'Product 11']);
    expect(screen.queryByTestId('concessions-least-none')).toBeNull();
  });
});
