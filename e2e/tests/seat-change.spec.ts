import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CARDS, LANGS, type Lang, expectConfirmation, payByCard, presentations, startOrder, toSummary } from './booking-flow';

// A whole booking, then the change, per test on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

/**
 * Issue 16 item 5, in en and he: from the e-ticket, "Change seats" opens the seat map of the same
 * presentation; the visitor picks a new seat of the same price level, confirms, and the e-ticket shows the
 * new seat (same reservation); the old seat is free again.
 */
const T = {
  en: {
    link: 'Change seats', confirm: 'Change to the chosen seat', row: 'row', otherLevel: /another price level/,
    current: 'your current seat', legend: 'Your current seats', keep: 'To keep one, choose it again', unchanged: 'These are the seats you have now',
  },
  he: {
    link: 'החלפת מושבים', confirm: 'החלפה לכיסא שנבחר', row: 'שורה', otherLevel: /רמת מחיר אחרת/,
    current: 'הכיסא הנוכחי שלכם', legend: 'המושבים הנוכחיים שלכם', keep: 'כדי לשמור על אחד מהם, בחרו בו שוב', unchanged: 'אלה שני הכיסאות שיש לכם עכשיו',
  },
} as const;

const cellOf = (page: Page, key: string) => page.locator(`[role="gridcell"][data-key="${key}"]`);
const keyOf = (t: { sectionId: number; x: number; y: number }) => `${t.sectionId}_${t.x}_${t.y}`;

interface PlanV2 { seatplan: { sections: Array<{ id: number; isGA: boolean; groups: Array<{ rows: Array<{ name: string; y: number; seats: Array<[number, string, number, number, number]> }> }> }> } }

/** A free, plain (no flag, no sofa) seat of the price group, away from the visit's own seats: its key, row and seat names. */
async function freeSeatOfGroup(request: APIRequestContext, presentationId: number, tg: number, avoidY: number): Promise<{ key: string; row: string; seat: string }> {
  const pres = await (await request.get(`/api/presentations/${presentationId}`)).json() as { presentation: { venueId: number; seatplanId: number } };
  const plan = await (await request.get(`/api/seats/seatplanV2?venueId=${pres.presentation.venueId}&seatplanId=${pres.presentation.seatplanId}`)).json() as PlanV2;
  const status = await (await request.get(`/api/seats/seats-statusV2?presentationId=${presentationId}&isReserved=1`)).json() as { seats: Record<string, string> };
  for (const sec of plan.seatplan.sections) {
    if (sec.isGA) continue;
    for (const g of sec.groups) for (const r of g.rows) {
      if (Math.abs(r.y - avoidY) < 2) continue;
      // the middle of a free run of five, so the change leaves no single seat either
      for (let k = 2; k + 2 < r.seats.length; k++) {
        const run = r.seats.slice(k - 2, k + 3);
        if (run.every((s, j) => s[2] === 0 && s[3] === 0 && s[4] === tg && status.seats[`${sec.id}_${s[0]}_${r.y}`] && (j === 0 || s[0] - run[j - 1]![0] === 1))) {
          const s = r.seats[k]!;
          return { key: `${sec.id}_${s[0]}_${r.y}`, row: r.name, seat: s[1] };
        }
      }
    }
  }
  throw new Error('no free seat of the price group');
}

/** Any free seat of the price group that is not half of a sofa (a premium seat carries its kind): its key. */
async function anyFreeSeatOfGroup(request: APIRequestContext, presentationId: number, tg: number): Promise<string> {
  const pres = await (await request.get(`/api/presentations/${presentationId}`)).json() as { presentation: { venueId: number; seatplanId: number } };
  const plan = await (await request.get(`/api/seats/seatplanV2?venueId=${pres.presentation.venueId}&seatplanId=${pres.presentation.seatplanId}`)).json() as PlanV2;
  const status = await (await request.get(`/api/seats/seats-statusV2?presentationId=${presentationId}&isReserved=1`)).json() as { seats: Record<string, string> };
  for (const sec of plan.seatplan.sections) {
    if (sec.isGA) continue;
    for (const g of sec.groups) for (const r of g.rows) for (const x of r.seats) {
      if (x[3] === 0 && x[4] === tg && status.seats[`${sec.id}_${x[0]}_${r.y}`]) return `${sec.id}_${x[0]}_${r.y}`;
    }
  }
  throw new Error('no free seat of the other price group');
}

async function clickCell(page: Page, key: string) {
  await page.locator(`[role="gridcell"][data-key="${key}"]`).evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  const box = await page.locator(`[role="gridcell"][data-key="${key}"]`).boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
}

/**
 * Books `quantity` seats in one of six of the emptiest halls (from `from` in that order; the languages take alternate
 * halls), pays by card and opens the e-ticket from the confirmation.
 */
async function bookAndOpenETicket(page: Page, request: APIRequestContext, lang: Lang, quantity: number, from: number) {
  const candidates = [...await presentations(request)]
    .sort((a, b) => b.available / b.capacity - a.available / a.capacity)
    .filter((_, i) => i % 2 === (lang === 'en' ? 0 : 1)).slice(from, from + 6).map((p) => p.id);
  const { presentationId } = await startOrder(page, request, lang, { quantity, candidates });
  await toSummary(page);
  await payByCard(page, CARDS.approve);
  const reservation = await expectConfirmation(page);
  await page.getByTestId('eticket-link').click();
  await expect(page.getByTestId('edocument')).toHaveAttribute('data-state', 'valid');
  const documentKey = page.url().split('/edocument/')[1]!.split('?')[0]!;
  return { presentationId, reservation, documentKey };
}

for (const lang of LANGS) {
  test(`changes the seat of a reservation from the e-ticket (${lang})`, async ({ page, request }) => {
    // The emptiest halls of the pool (seeded advance sales fragment the others' rows), a different half for each language.
    const { presentationId, reservation, documentKey } = await bookAndOpenETicket(page, request, lang, 1, 0);
    const before = await (await request.get(`/api/edocument/${documentKey}/seat-change`)).json() as { tickets: Array<{ sectionId: number; x: number; y: number; ticketGroupId: number }> };
    const old = before.tickets[0]!;

    await page.getByRole('link', { name: T[lang].link }).click();
    await expect(page.getByTestId('seat-change')).toBeVisible();
    await expect(page.getByTestId('seatmap')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('seat-change-current')).toContainText(reservation);
    // the order's own seat is marked as such, not drawn and announced as taken like anyone else's
    await expect(cellOf(page, keyOf(old))).toHaveAttribute('aria-label', new RegExp(`, ${T[lang].current}, .*`));
    await expect(cellOf(page, keyOf(old))).toHaveAttribute('data-status', 'available');
    await expect(page.getByRole('list', { name: lang === 'en' ? 'Legend' : 'מקרא' })).toContainText(T[lang].legend);
    // as many new seats as tickets: the map's own count says so (it said "of at most 10")
    await expect(page.getByRole('heading', { name: lang === 'en' ? 'Your seats (0 of at most 1)' : 'המושבים שלכם (0 מתוך 1 לכל היותר)' })).toBeVisible();
    // the seat change page passes axe-core like every other route
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    // a seat of another price level: "Change" stays disabled and the page says why (it said nothing)
    const groups = await (await request.get(`/api/presentations/${presentationId}/ticketGroups`)).json() as { ticketGroups: Array<{ id: number }> };
    const otherGroup = groups.ticketGroups.find((g) => g.id !== old.ticketGroupId);
    expect(otherGroup, 'a hall with two price levels (demo data)').toBeDefined();
    const other = await anyFreeSeatOfGroup(request, presentationId, otherGroup!.id);
    await clickCell(page, other);
    await expect(page.getByTestId('seat-change-hint')).toContainText(T[lang].otherLevel);
    await expect(page.getByRole('button', { name: T[lang].confirm })).toBeDisabled();
    await clickCell(page, other);
    await expect(page.getByTestId('seat-change-hint')).toHaveCount(0);
    const target = await freeSeatOfGroup(request, presentationId, old.ticketGroupId, old.y);
    await clickCell(page, target.key);
    await expect(page.locator(`[role="gridcell"][data-key="${target.key}"]`)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-testid="selected-seat"] button[disabled]')).toHaveCount(0);
    // the old seat is no one else's: still the visitor's, still marked, not chosen
    await expect(cellOf(page, keyOf(old))).toHaveAttribute('aria-selected', 'false');
    await page.getByRole('button', { name: T[lang].confirm }).click();

    // back on the same reservation's e-ticket, with the new seat
    await expect(page).toHaveURL(new RegExp(`/edocument/${documentKey}$`));
    await expect(page.getByTestId('edoc-reservation')).toHaveText(reservation);
    await expect(page.getByRole('table')).toContainText(`${T[lang].row} ${target.row}`);
    const after = await (await request.get(`/api/edocument/${documentKey}/seat-change`)).json() as { reservationIdentifier: string; tickets: Array<{ sectionId: number; x: number; y: number }> };
    expect(after.reservationIdentifier).toBe(reservation);
    expect(`${after.tickets[0]!.sectionId}_${after.tickets[0]!.x}_${after.tickets[0]!.y}`).toBe(target.key);
    // the old seat is free again for everyone
    const status = await (await request.get(`/api/seats/seats-statusV2?presentationId=${presentationId}&isReserved=1`)).json() as { seats: Record<string, string> };
    expect(status.seats[`${old.sectionId}_${old.x}_${old.y}`]).toBeDefined();
    expect(status.seats[target.key]).toBeUndefined();
  });
}

for (const lang of LANGS) {
  test(`keeps one seat of a reservation and moves the other (${lang})`, async ({ page, request }) => {
    // the next emptiest halls after the test above's, again a different half for each language
    const { presentationId, reservation, documentKey } = await bookAndOpenETicket(page, request, lang, 2, 6);
    type Tickets = { tickets: Array<{ ticketIdentifier: string; sectionId: number; x: number; y: number; ticketGroupId: number; RowName: string | null; SeatName: string | null }> };
    const before = await (await request.get(`/api/edocument/${documentKey}/seat-change`)).json() as Tickets;
    expect(before.tickets).toHaveLength(2);
    const [keep, move] = before.tickets as [Tickets['tickets'][0], Tickets['tickets'][0]];

    await page.getByRole('link', { name: T[lang].link }).click();
    await expect(page.getByTestId('seatmap')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('seat-change-keep')).toContainText(T[lang].keep);
    for (const t of [keep, move]) await expect(cellOf(page, keyOf(t))).toHaveAttribute('aria-label', new RegExp(`, ${T[lang].current}, `));

    // both current seats chosen again: nothing would change, and the page says so beside the map
    await clickCell(page, keyOf(keep));
    await clickCell(page, keyOf(move));
    await expect(page.getByTestId('seat-change-hint')).toContainText(T[lang].unchanged);
    await expect(page.getByTestId('seat-change-confirm')).toBeDisabled();
    // one given back, a new seat for it: the kept one needs no hold (it is the order's)
    await clickCell(page, keyOf(move));
    await expect(cellOf(page, keyOf(move))).toHaveAttribute('aria-selected', 'false');
    await expect(cellOf(page, keyOf(keep))).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('selected-seat').filter({ hasText: T[lang].current })).toHaveCount(1);
    const target = await freeSeatOfGroup(request, presentationId, move.ticketGroupId, move.y);
    await clickCell(page, target.key);
    await expect(cellOf(page, target.key)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-testid="selected-seat"] button[disabled]')).toHaveCount(0);
    await expect(page.getByTestId('seat-change-hint')).toHaveCount(0);
    // one seat moves: "Change to the chosen seat"
    await page.getByRole('button', { name: T[lang].confirm, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/edocument/${documentKey}$`));
    await expect(page.getByTestId('edoc-reservation')).toHaveText(reservation);
    await expect(page.getByRole('table')).toContainText(`${T[lang].row} ${target.row}`);
    const after = await (await request.get(`/api/edocument/${documentKey}/seat-change`)).json() as Tickets;
    // the kept seat is still the same ticket's; the other ticket is on the new seat
    expect(after.tickets.map(keyOf).sort()).toEqual([keyOf(keep), target.key].sort());
    expect(after.tickets.find((t) => keyOf(t) === keyOf(keep))!.ticketIdentifier).toBe(keep.ticketIdentifier);
    const status = await (await request.get(`/api/seats/seats-statusV2?presentationId=${presentationId}&isReserved=1`)).json() as { seats: Record<string, string> };
    expect(status.seats[keyOf(move)]).toBeDefined();
    expect(status.seats[keyOf(keep)]).toBeUndefined();
  });
}
