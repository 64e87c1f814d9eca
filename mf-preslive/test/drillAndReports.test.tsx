import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ByCinema } from '../src/screens/ByCinema';
import { ByFilm } from '../src/screens/ByFilm';
import { CinemaDrill, PresentationBox } from '../src/screens/Drill';
import { Reports } from '../src/screens/Reports';
import { renderAt, stubApi, type Locale } from './helpers';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const DAY = '2026-11-27';
const FILTERS = {
  locations: [{ LocationId: 1, Name: 'City Cinema Tel Aviv', BusinessId: 1 }, { LocationId: 2, Name: 'City Cinema Haifa', BusinessId: 1 }],
  productClasses: [], weekendDays: [5, 6],
};
const box = (id: number, hh: string, film: string, venue = 'Hall 1') => ({
  PresentationId: id, LocationId: 2, LocationName: 'City Cinema Haifa', FeatureId: id, FeatureName: film, VenueId: 21, VenueName: venue,
  PresentationDateTime: `${DAY}T${hh}:00.000Z`, BusinessDate: DAY, Capacity: 200, HeldQuantity: 2, SoldQuantity: 100 + id, Revenue: 4000.1, percentageHeld: 1, percentageSold: 50,
});
const ROWS = [box(1, '09:00', 'The Last Clock'), box(2, '11:45', 'Winter Concert (live)')];
const where = () => screen.getByTestId('where').textContent;
/** A row's data cells as read (Hebrew money carries right-to-left marks). */
const cells = (tr: Element) => [...tr.querySelectorAll('td')].map((c) => c.textContent!.replace(/\u200f/g, '').replace(/\u00a0/g, ' '));

describe('drill-downs keep their context (fifteenth session)', () => {
  const cases: Array<[Locale, { title: string; byFilm: string; back: string; box: string; total: string; money: string; bar: string }]> = [
    ['en', { title: 'Screenings on 27/11/2026 at City Cinema Haifa', byFilm: 'By film', back: 'Back to sales by cinema',
      box: 'Presentation box: Hall 1 at City Cinema Haifa, 27/11/2026', total: 'Total (2 screenings)', money: '₪8,000.20',
      bar: '11:00 The Last Clock: 101 sold · 2 held of 200' }],
    ['he', { title: 'הקרנות ב-27/11/2026 בCity Cinema Haifa', byFilm: 'לפי סרט', back: 'חזרה למכירות לפי קולנוע',
      box: 'תיבת הקרנה: Hall 1 בCity Cinema Haifa, 27/11/2026', total: 'סה״כ (2 הקרנות)', money: '8,000.20 ₪',
      bar: '11:00 The Last Clock: 101 נמכרו · 2 שמורים מתוך 200' }],
  ];
  for (const [locale, t] of cases) {
    it(`names the cinema, keeps the day on the way back and the grouping in the address (${locale})`, async () => {
      stubApi({
        '/getCinemaFilterData': FILTERS,
        '/attendanceByDateByLocationByVenue/': { groups: [{ Id: 21, Name: 'Hall 1', rows: ROWS }] },
        '/attendanceByDateByLocationByFeature/': { groups: ROWS.map((r) => ({ Id: r.FeatureId, Name: r.FeatureName, rows: [r] })) },
      });
      await renderAt(locale, `/cinema/${DAY}/2`, [['/cinema/:date/:locationId', <CinemaDrill />]]);
      expect(await screen.findByRole('heading', { level: 2, name: t.title })).toBeTruthy();
      expect(screen.getByRole('link', { name: t.back }).getAttribute('href')).toBe(`/?date=${DAY}`);
      // a bar's figures in words, not 'sold / capacity' (which a right-to-left line shows reversed: '200 / 101')
      expect(screen.getByRole('img', { name: t.bar })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: t.byFilm }));
      expect(where()).toBe(`/cinema/${DAY}/2?by=feature`);
      expect(await screen.findByRole('link', { name: 'Winter Concert (live)' })).toBeTruthy();
      expect(screen.getByRole('button', { name: t.byFilm }).getAttribute('aria-pressed')).toBe('true');
    });

    it(`names the hall, the cinema and the day in the presentation box, with its total (${locale})`, async () => {
      stubApi({ '/getCinemaFilterData': FILTERS, '/attendanceByDatePresentationBox/': { rows: ROWS } });
      await renderAt(locale, `/box/${DAY}/2/venue/21`, [['/box/:date/:locationId/:drillBy/:id', <PresentationBox />]]);
      expect(await screen.findByRole('heading', { level: 2, name: t.box })).toBeTruthy();
      const table = screen.getByRole('table', { name: t.box });
      const total = within(table).getByRole('rowheader', { name: t.total }).closest('tr')!;
      expect(cells(total)).toEqual(['', '400', '4', '203', '1%', '51%', t.money]);
    });
  }

  it('the way back from a presentation box grouped by film keeps the grouping', async () => {
    stubApi({ '/getCinemaFilterData': FILTERS, '/attendanceByDatePresentationBox/': { rows: ROWS.slice(0, 1) } });
    await renderAt('en', `/box/${DAY}/2/feature/1`, [['/box/:date/:locationId/:drillBy/:id', <PresentationBox />]]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Presentation box: The Last Clock at City Cinema Haifa, 27/11/2026' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the screenings' }).getAttribute('href')).toBe(`/cinema/${DAY}/2?by=feature`);
  });

  it('sales by cinema and by film read their choices from the address and write them there', async () => {
    stubApi({
      '/locationTicketSales/data/': { date: '2026-11-20', locations: [{ LocationId: 2, Name: 'City Cinema Haifa', Capacity: 100, Sold: 10, Availability: 90 }, { LocationId: -1, Name: 'All cinemas', Capacity: 100, Sold: 10, Availability: 90 }] },
      '/locationTicketSales/': { dates: [{ Date: '2026-11-20', Value: 10 }, { Date: DAY, Value: 12 }] },
    });
    await renderAt('en', '/?date=2026-11-20', [['/', <ByCinema />]]);
    expect(await screen.findByRole('table', { name: 'Sales by cinema on 20/11/2026' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /^Date/ }) as HTMLSelectElement).value).toBe('2026-11-20');
    expect(screen.getByRole('link', { name: 'City Cinema Haifa' }).getAttribute('href')).toBe('/cinema/2026-11-20/2');
    cleanup();
    vi.unstubAllGlobals();

    stubApi({
      '/getCinemaFilterData': FILTERS,
      '/featureTicketSales/data/': { date: DAY, isByLocation: true, items: [] },
      '/featureTicketSales': { dates: [{ Date: DAY, Value: 12 }], features: [{ FeatureId: 9, FeatureName: 'The Librarian' }] },
    });
    await renderAt('en', `/film?date=${DAY}&film=9&location=2&byCinema=1`, [['/film', <ByFilm />]]);
    await screen.findByRole('table', { name: 'Sales by film on 27/11/2026' });
    expect((screen.getByRole('combobox', { name: /^Film/ }) as HTMLSelectElement).value).toBe('9');
    expect((screen.getByRole('combobox', { name: /^Cinema/ }) as HTMLSelectElement).value).toBe('2');
    expect((screen.getByRole('checkbox', { name: 'Split by cinema' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Split by cinema' }));
    expect(where()).toBe(`/film?date=${DAY}&film=9&location=2`);
  });
});

describe('reports say what they count, with a total row (fifteenth session)', () => {
  it('attendance by date lists the newest day first, with the range\'s total (en)', async () => {
    const rows = ['2026-11-25', '2026-11-26', '2026-11-27'].map((d, i) => ({ BusinessDate: d, SoldQuantity: i * 100, HeldQuantity: i, Capacity: 1000 }));
    stubApi({ '/getCinemaFilterData': FILTERS, '/attendanceByDate/': { rows } });
    await renderAt('en', '/reports?from=2026-11-25&to=2026-11-27', [['/reports', <Reports />]]);
    const table = await screen.findByRole('table', { name: 'Attendance from 25/11/2026 to 27/11/2026' });
    expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['27/11/2026', '26/11/2026', '25/11/2026', 'Total (all 3 rows)']);
    const total = within(table).getByRole('rowheader', { name: 'Total (all 3 rows)' }).closest('tr')!;
    expect(cells(total)).toEqual(['300', '3', '3,000']);
    expect(screen.getByTestId('table-basis').textContent).toBe('Counts seats in cinema halls, by screening date. Video on demand is not counted.');
  });

  it('sales by point of sale totals the tickets and the revenue and says what the revenue includes (he)', async () => {
    const pos = (id: number, n: number, tickets: number, revenue: number) => ({ PosId: id, PosName: `קופה ${id}`, Kind: 'box_office', LocationId: 2, LocationName: 'סינמה העיר חיפה', Reservations: n, Tickets: tickets, Revenue: revenue });
    stubApi({ '/getCinemaFilterData': FILTERS, '/reports/salesByPointOfSale': { rows: [pos(201, 10, 25, 1234.5), pos(202, 3, 4, 99.9)] } });
    await renderAt('he', '/reports?report=salesByPos&from=2026-11-01&to=2026-11-27', [['/reports', <Reports />]]);
    const table = await screen.findByRole('table', { name: 'מכירות לפי נקודת מכירה' });
    const total = within(table).getByRole('rowheader', { name: 'סה״כ (כל 2 השורות)' }).closest('tr')!;
    expect(cells(total)).toEqual(['', '', '13', '29', '1,334.40 ₪']);
    expect(screen.getByTestId('table-basis').textContent).toContain('כרטיסים: מושבים באולמות הקולנוע בלבד');
    expect(screen.getByTestId('table-basis').textContent).toContain('צפייה ביתית, דמי טיפול, דמי הזמנה ומזנון');
  });

  it('top ten films say they count seats in halls by sale date, as Films and screenings does (en)', async () => {
    stubApi({ '/getCinemaFilterData': FILTERS, '/reports/topFeatures': { rows: [{ FeatureId: 9, FeatureName: 'The Librarian', Tickets: 4010, Revenue: 173535.8 }] } });
    await renderAt('en', '/reports?report=topFeatures', [['/reports', <Reports />]]);
    await screen.findByRole('table', { name: 'Top ten films' });
    expect(screen.getByTestId('table-basis').textContent).toBe('Counts seats in cinema halls sold on these dates (by sale date), as Films and screenings does; video on demand is not counted. Revenue: ticket prices only, without service charges, booking fees or concessions.');
    expect(where()).toBe('/reports?report=topFeatures');
  });
});
