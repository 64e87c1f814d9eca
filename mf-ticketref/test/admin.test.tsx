import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { addNamespace, i18n, initI18n, setLocale, type RedemptionItem, type StaffUser, type TicketRefPromptRow, type TicketSalesRow } from '@ticketing/shared';
import { Admin, promptNames } from '../src/App';
import { PromptDetail } from '../src/PromptDetail';
import { SalesHistory } from '../src/SalesHistory';
import { createStore } from '../src/store';
import { NAMESPACE, resources } from '../src/locales';

/**
 * The QA pass of the fifteenth session on the ticket reference admin, one component at a time over a stand-in api:
 * quantities and mobile numbers that cannot be sent are explained next to their field, a quantity below the
 * redeemed tickets is refused, Send waits for its answer, past screenings are noted, each prompt's buttons are named.
 */
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

type Handler = (req: Request) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A fetch stand-in: the first route whose text the URL contains answers; every request is recorded. */
function stubApi(routes: Array<[string, Handler]>) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    requests.push(req);
    const hit = routes.find(([k]) => req.url.includes(k));
    return hit ? hit[1](req) : json({ error: 'NOT_FOUND' }, 404);
  }));
  return requests;
}

const PROMPT: TicketRefPromptRow = {
  CustomerId: 9001, TicketId: 101113, FeatureId: null, PricePolicyId: 2003, PresentationId: null, FeatureCategoryId: 10, PromptId: 1,
  Prompt: 'Employee number', TicketName: 'Partner employee', FeatureName: null, PresentationDateTime: null, Options: 12, Allotted: 36, Redeemed: 24,
};
const ITEM: RedemptionItem = { Reference1: 'E10106', Reference2: 'INTL', PriceType: 1, PriceId: 101113, PriceRowId: 106, Quantity: 4, Redeemed: 2, Remaining: 2 };
const USER: StaffUser = { userId: 1, FirstName: 'Noa', LastName: 'Barak', businessIds: [1] };

async function renderIn(locale: 'he' | 'en', ui: React.ReactNode) {
  await initI18n(locale);
  await setLocale(locale);
  addNamespace(NAMESPACE, resources);
  render(<I18nextProvider i18n={i18n as I18n}><Provider store={createStore()}>{ui}</Provider></I18nextProvider>);
}

/** The element the field's aria-describedby names, or null. */
const describedBy = (el: HTMLElement) => {
  const id = el.getAttribute('aria-describedby');
  return id ? document.getElementById(id) : null;
};

describe('quantity of a reference (QA 1 and 2)', () => {
  const renderDetail = async (locale: 'he' | 'en', onEdit: Handler = () => json({ success: true, item: ITEM })) => {
    const requests = stubApi([
      ['/editReferencePromptOptionQuantity/', onEdit],
      ['/TicketReferencePromptAdminDetail/data', () => json({ prompt: 'Employee number', items: [ITEM] })],
    ]);
    await renderIn(locale, <PromptDetail prompt={PROMPT} name="Employee number — Partner employee, Any film" businessIds={[1]} />);
    const field = await screen.findByRole('textbox', { name: locale === 'en' ? 'Quantity for E10106' : 'כמות עבור E10106' });
    const save = screen.getByRole('button', { name: locale === 'en' ? 'Save E10106' : 'שמירה E10106' });
    const posts = () => requests.filter((r) => r.method === 'POST');
    return { field, save, posts };
  };

  it('explains each value it cannot save next to the field, keeps what was typed, and sends nothing (en)', async () => {
    const { field, save, posts } = await renderDetail('en');
    expect(field.getAttribute('dir')).toBe('ltr');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    for (const [typed, text] of [
      ['-1', 'Enter a whole number of tickets, 0 or more (digits only).'],
      ['1.5', 'Enter a whole number of tickets, 0 or more (digits only).'],
      ['abc', 'Enter a whole number of tickets, 0 or more (digits only).'],
      ['99999999999', 'The quantity can be at most 100,000.'],
      ['', 'Enter a quantity.'],
      ['1', 'At least 2: 2 tickets are already redeemed with this reference.'],
      ['0', 'At least 2: 2 tickets are already redeemed with this reference.'],
    ] as const) {
      fireEvent.change(field, { target: { value: typed } });
      expect(save).toHaveProperty('disabled', false);
      fireEvent.click(save);
      expect(field.getAttribute('aria-invalid'), typed).toBe('true');
      expect(describedBy(field)?.textContent, typed).toBe(text);
      expect(describedBy(field)?.getAttribute('role')).toBe('alert');
      expect((field as HTMLInputElement).value).toBe(typed);
      expect(document.activeElement).toBe(field);
    }
    expect(posts()).toHaveLength(0);
    // the text follows the typing once shown, and goes with a value that can be saved
    fireEvent.change(field, { target: { value: '2' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(save);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Quantity saved.');
    expect(posts()).toHaveLength(1);
    expect(await posts()[0]!.json()).toMatchObject({ reference: 'E10106', reference2: 'INTL', quantity: 2 });
  });

  it('says the redeemed tickets in Hebrew (the form for two)', async () => {
    const { field, save } = await renderDetail('he');
    fireEvent.change(field, { target: { value: '1' } });
    fireEvent.click(save);
    expect(describedBy(field)?.textContent).toBe('לפחות 2: שני כרטיסים כבר מומשו עם ההפניה הזו.');
    fireEvent.change(field, { target: { value: '-1' } });
    expect(describedBy(field)?.textContent).toBe('יש להזין מספר שלם של כרטיסים, 0 ומעלה (ספרות בלבד).');
  });

  it('says the api\'s refusal (a ticket redeemed meanwhile) with the api\'s count, tied to the field', async () => {
    const { field, save } = await renderDetail('en', () => json({ error: 'refPromptOptBelowRedeemed', message: 'x', details: { redeemed: 3, quantity: 2 } }, 409));
    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'At least 3: 3 tickets are already redeemed with this reference.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field)?.textContent).toBe('At least 3: 3 tickets are already redeemed with this reference.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

const ROW = (over: Partial<TicketSalesRow>): TicketSalesRow => ({
  ReservationId: 759, ReservationIdentifier: 'S1000759', TransactionDateTime: '2026-11-13T00:49:37.217Z', PresentationDateTime: '2026-11-13T17:15:00.000Z',
  FeatureName: 'Keepers of the Walls', LocationName: 'City Cinema Tel Aviv', Reference1: 'E10110, E10111', Reference2: 'INTL', Quantity: 2, Amount: 64,
  MobileNumber: '0530935327', Seat: null, PresentationPast: false, ...over,
});

describe('resend by SMS (QA 2, 5 and 6)', () => {
  const renderHistory = async (locale: 'he' | 'en', onSend: Handler) => {
    const requests = stubApi([
      ['/sendTickets', onSend],
      ['/TicketReferencePromptAdminTicketSales/data', () => json({
        startDate: '2026-10-15', endDate: '2026-11-14', detailLevel: 1, dateType: 2,
        rows: [ROW({}), ROW({ ReservationId: 700, ReservationIdentifier: 'S1000700', PresentationPast: true })],
      })],
    ]);
    await renderIn(locale, <SalesHistory prompt={PROMPT} name="Employee number — Partner employee, Any film" businessIds={[1]} />);
    await screen.findByRole('table');
    return { requests, sends: () => requests.filter((r) => r.url.includes('/sendTickets')) };
  };

  it('explains a number it cannot send to next to the field (en), the field left to right', async () => {
    const { sends } = await renderHistory('en', () => json({ success: true }));
    const field = await screen.findByRole('textbox', { name: 'Mobile number for order S1000759' });
    expect(field.getAttribute('dir')).toBe('ltr');
    expect(field.getAttribute('inputmode')).toBe('tel');
    const send = screen.getByRole('button', { name: 'Send tickets S1000759' });
    for (const [typed, text] of [
      ['123', 'Enter an Israeli mobile number: 10 digits starting with 05, e.g. 050\u20111234567.'],
      ['', 'Enter a mobile number.'],
    ] as const) {
      fireEvent.change(field, { target: { value: typed } });
      expect(send).toHaveProperty('disabled', false);
      fireEvent.click(send);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(field)?.textContent).toBe(text);
      expect((field as HTMLInputElement).value).toBe(typed);
    }
    expect(sends()).toHaveLength(0);
  });

  it('disables Send while sending: three presses send once', async () => {
    let answer!: (r: Response) => void;
    const { sends } = await renderHistory('en', () => new Promise<Response>((resolve) => { answer = resolve; }));
    const field = await screen.findByRole('textbox', { name: 'Mobile number for order S1000759' });
    fireEvent.change(field, { target: { value: '052-555-1234' } });
    const send = screen.getByRole('button', { name: 'Send tickets S1000759' });
    fireEvent.click(send);
    await vi.waitFor(() => expect(sends()).toHaveLength(1));
    const busy = screen.getByRole('button', { name: 'Sending… S1000759' });
    expect(busy).toHaveProperty('disabled', true);
    fireEvent.click(busy);
    fireEvent.click(busy);
    await act(async () => { answer(json({ success: true })); });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Tickets sent by SMS.');
    expect(sends()).toHaveLength(1);
    expect(await sends()[0]!.json()).toEqual({ mobileNumber: '0525551234' });
  });

  it('says when the same tickets were just sent to that number (the api refuses the duplicate), in Hebrew', async () => {
    await renderHistory('he', () => json({ error: 'SMS_RECENTLY_SENT', message: 'x', details: { retryAfterSeconds: 25 } }, 409));
    fireEvent.click(await screen.findByRole('button', { name: 'שליחת כרטיסים S1000759' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'הכרטיסים נשלחו למספר הזה לפני רגע. אפשר לשלוח אותם שוב בעוד 25 שניות.');
  });

  it('notes a screening that has already taken place beside its Send, which still sends', async () => {
    const { sends } = await renderHistory('en', () => json({ success: true }));
    const pastSend = await screen.findByRole('button', { name: 'Send tickets S1000700' });
    expect(describedBy(pastSend)?.textContent).toBe('This screening has already taken place.');
    expect(describedBy(screen.getByRole('button', { name: 'Send tickets S1000759' }))).toBeNull();
    expect(screen.getAllByText('This screening has already taken place.')).toHaveLength(1);
    expect(pastSend).toHaveProperty('disabled', false);
    fireEvent.click(pastSend);
    await vi.waitFor(() => expect(sends()).toHaveLength(1));
  });
});

describe('each prompt row\'s buttons are named after it (QA 3)', () => {
  const rows: TicketRefPromptRow[] = [PROMPT, { ...PROMPT, PromptId: 2, TicketId: 101313, FeatureId: 1, FeatureName: 'The Quiet Sea', Options: 12, Allotted: 48, Redeemed: 13 }];

  it('names the film in each Details and Ticket sales button (en and he)', async () => {
    for (const [locale, names] of [
      ['en', ['Details (Employee number — Partner employee, Any film)', 'Details (Employee number — Partner employee, The Quiet Sea)']],
      ['he', ['פרטים (Employee number — Partner employee, כל סרט)', 'פרטים (Employee number — Partner employee, The Quiet Sea)']],
    ] as const) {
      stubApi([
        ['/getTicketRefAgents', () => json({ agents: [{ CustomerId: 9001, Name: 'Intl', BusinessId: 1 }] })],
        ['/TicketReferencePromptAdmin/data', () => json({ rows })],
      ]);
      await renderIn(locale, <Admin user={USER} />);
      const table = await screen.findByRole('table', { name: locale === 'en' ? 'Reference prompts and redemptions' : 'שאלות הפניה ומימושים' });
      const details = within(table).getAllByRole('button', { name: locale === 'en' ? /^Details/ : /^פרטים/ });
      expect(details.map((b) => b.textContent)).toEqual(names);
      const sales = within(table).getAllByRole('button', { name: locale === 'en' ? /^Ticket sales/ : /^מכירות כרטיסים/ });
      expect(new Set(sales.map((b) => b.textContent)).size).toBe(2);
      cleanup();
    }
  });

  it('numbers rows alike in prompt, ticket and film, and gives a presentation\'s start', async () => {
    await initI18n('en');
    await setLocale('en');
    addNamespace(NAMESPACE, resources);
    const t = i18n.getFixedT('en', NAMESPACE);
    const names = promptNames([PROMPT, { ...PROMPT, PromptId: 5 }, { ...PROMPT, PromptId: 6, FeatureName: 'The Quiet Sea', PresentationId: 44, PresentationDateTime: '2026-11-20T18:30:00.000Z' }], t);
    expect([...names.values()]).toEqual([
      'Employee number — Partner employee, Any film (1)',
      'Employee number — Partner employee, Any film (2)',
      'Employee number — Partner employee, The Quiet Sea · 20/11/2026 20:30',
    ]);
  });
});
