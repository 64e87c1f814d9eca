import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ByDate } from '../src/screens/ByDate';
import { Reports } from '../src/screens/Reports';
import { failureText, UnauthorizedContext } from '../src/lib/Loadable';
import { rangeProblem } from '../src/lib/DateRange';
import { renderAt, stubApi } from './helpers';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const row = (id: number, date: string) => ({
  PresentationId: id, LocationId: 2, LocationName: 'City Cinema Haifa', FeatureId: 9, FeatureName: 'The Librarian', VenueId: 21, VenueName: 'Hall 1',
  PresentationDateTime: `${date}T17:00:00.000Z`, BusinessDate: date, Capacity: 200, HeldQuantity: 4, SoldQuantity: 150, Revenue: 6000, percentageHeld: 2, percentageSold: 75,
});
const SALES = (startDate: string, endDate: string) => ({ startDate, endDate, rows: [row(1, startDate), row(2, endDate)] });
const salesCalls = (calls: string[]) => calls.filter((u) => u.includes('/PresentationSales/'));

describe('date ranges: one rule and one set of messages on every PresLive screen (fifteenth session)', () => {
  it('the api\'s rule, checked in the browser first', () => {
    expect(rangeProblem({ startDate: '2026-11-27', endDate: '2026-11-26' })).toBe('endBeforeStart');
    expect(rangeProblem({ startDate: '2020-01-01', endDate: '2030-12-31' })).toBe('tooLong');
    expect(rangeProblem({ startDate: '2025-11-27', endDate: '2026-11-28' })).toBeUndefined(); // 366 days: the api answers
    expect(rangeProblem({ startDate: '2025-11-27', endDate: '2026-11-29' })).toBe('tooLong');
    expect(rangeProblem({ startDate: '2026-11-27', endDate: '2026-11-27' })).toBeUndefined();
  });

  // QA: setting To before From silently moved From.
  it('an end before the start is said at both fields, nothing is moved and the api is not asked (en)', async () => {
    const calls = stubApi({ '/PresentationSales/': SALES('2026-11-20', '2026-11-22') });
    await renderAt('en', '/date?from=2026-11-20&to=2026-11-22', [['/date', <ByDate />]]);
    expect(await screen.findByRole('table', { name: 'Screenings from 20/11/2026 to 22/11/2026' })).toBeTruthy();
    const asked = salesCalls(calls).length;
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '19/11/2026' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The end date is before the start date.');
    const from = screen.getByRole('textbox', { name: 'From' }), to = screen.getByRole('textbox', { name: 'To' });
    expect((from as HTMLInputElement).value).toBe('20/11/2026'); // not moved
    for (const field of [from, to]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    }
    expect(screen.queryByRole('table')).toBeNull(); // no figures of the earlier range under the error
    expect(screen.getByTestId('where').textContent).toBe('/date?from=2026-11-20&to=2026-11-19');
    expect(salesCalls(calls).length).toBe(asked);
    // mended: the figures come back, without an error
    fireEvent.change(to, { target: { value: '21/11/2026' } });
    expect(await screen.findByRole('table', { name: /^Screenings from 20\/11\/2026/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // QA: 2020–2030 showed a generic 'error loading data' and a Retry button.
  it('a range over 366 days says so before any call (he)', async () => {
    const calls = stubApi({ '/PresentationSales/': SALES('2026-11-20', '2026-11-22') });
    await renderAt('he', '/date?from=2020-01-01&to=2030-12-31', [['/date', <ByDate />]]);
    expect((await screen.findByRole('alert')).textContent).toBe('עד 366 ימים: בחרו טווח קצר יותר.');
    expect(screen.getByRole('textbox', { name: 'עד תאריך' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'נסו שוב' })).toBeNull();
    expect(salesCalls(calls)).toEqual([]);
  });

  it('a date that is no date is said at its own field, and no figures show for it (en)', async () => {
    stubApi({ '/PresentationSales/': SALES('2026-11-20', '2026-11-22') });
    await renderAt('en', '/date?from=2026-11-20&to=2026-11-22', [['/date', <ByDate />]]);
    await screen.findByRole('table');
    const from = screen.getByRole('textbox', { name: 'From' });
    fireEvent.change(from, { target: { value: '31/11/2026' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Enter a date as day/month/year, e.g. 23/11/2026.');
    expect(from.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByRole('textbox', { name: 'To' }).getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('the reports follow the same rule (Top ten films, he)', async () => {
    const calls = stubApi({ '/getCinemaFilterData': { locations: [], productClasses: [], weekendDays: [5, 6] }, '/reports/topFeatures': { rows: [] } });
    await renderAt('he', '/reports?report=topFeatures&from=2026-11-20&to=2026-11-01', [['/reports', <Reports />]]);
    expect((await screen.findByRole('alert')).textContent).toBe('תאריך הסיום מוקדם מתאריך ההתחלה.');
    expect(calls.filter((u) => u.includes('/topFeatures'))).toEqual([]);
  });

  // the server's own refusal (its day may differ from the browser's): the same words, and no Retry that cannot help
  it('maps the api\'s 400 to the range\'s texts, without Retry; a server failure keeps Retry (en)', async () => {
    stubApi({
      '/PresentationSales/': { status: 400, body: { error: 'BAD_REQUEST', message: 'invalid query: endDate range longer than 366 days', issues: [{ in: 'query', path: ['endDate'], code: 'custom', message: 'range longer than 366 days' }] } },
    });
    await renderAt('en', '/date?from=2026-01-01&to=2026-12-31', [['/date', <ByDate />]]);
    await waitFor(() => expect(screen.getByTestId('load-error').textContent).toBe('At most 366 days: choose a shorter range.'));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    stubApi({ '/PresentationSales/': { status: 503, body: { error: 'DB_UNAVAILABLE' } } });
    await renderAt('en', '/date?from=2026-11-20&to=2026-11-22', [['/date', <UnauthorizedContext.Provider value={() => undefined}><ByDate /></UnauthorizedContext.Provider>]]);
    await waitFor(() => expect(screen.getByTestId('load-error').textContent).toMatch(/^Error fetching data/));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();

    const refusal = (message: string) => ({ status: 400, code: 'BAD_REQUEST', key: 'errors.BAD_REQUEST', data: { issues: [{ message }] } });
    expect(failureText(refusal('startDate after endDate'))).toEqual({ key: 'range.endBeforeStart', retry: false });
    expect(failureText(refusal('not a calendar date'))).toEqual({ key: 'common:errors.BAD_REQUEST', retry: false });
    expect(failureText({ status: 'FETCH_ERROR', code: 'NETWORK', key: 'errors.generic' }).retry).toBe(true);
  });
});
