import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

/**
 * Fifteenth session: a cinema manager's opening night on PresLive (QA, he and en, desktop and a 390×844 phone).
 * The chart's total says what the table's total says; the drill-downs name their cinema and keep the chosen day,
 * grouping and filters (in the address: a reload keeps them); one rule and one set of messages for date ranges, with
 * no call the api would refuse and no Retry that cannot help; the reports say what they count, with total rows; wide
 * tables scroll in a labelled, focusable box with a hint; paging and a refused sign-in keep the keyboard's place.
 * Seeded staff: api/src/seed/sales.ts (manager.tlv: Tel Aviv, Haifa, Beer Sheva).
 */
const TLV = { username: 'manager.tlv', password: 'PresLive-1' };
const TEXT = {
  he: { user: 'שם משתמש', password: 'סיסמה', signIn: 'כניסה' },
  en: { user: 'Username', password: 'Password', signIn: 'Sign in' },
} as const;
const dmy = (iso: string) => iso.split('-').reverse().join('/');
const jerusalemToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date());
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T12:00:00Z`) + n * 86400000).toISOString().slice(0, 10);

async function signIn(page: Page, lang: 'he' | 'en', path = '/PRES-live') {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  await page.getByLabel(TEXT[lang].user).fill(TLV.username);
  await page.getByLabel(TEXT[lang].password).fill(TLV.password);
  await page.getByRole('button', { name: TEXT[lang].signIn }).click();
}

async function expectNoAxeViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
}

test('a manager in Hebrew: the total bar qualified, drill-downs that name the cinema and keep the day, one rule for dates', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // a refused sign-in leaves the keyboard in the form (the disabled button dropped it to the page's body)
  await page.goto('/PRES-live?lang=he');
  await page.getByLabel(TEXT.he.user).fill(TLV.username);
  await page.getByLabel(TEXT.he.password).fill('not-the-password');
  await page.getByRole('button', { name: TEXT.he.signIn }).press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel(TEXT.he.password)).toBeFocused();
  await page.getByLabel(TEXT.he.password).fill(TLV.password);
  await page.getByRole('button', { name: TEXT.he.signIn }).click();
  await expect(page.getByRole('heading', { name: 'מכירות לפי קולנוע' })).toBeVisible();

  // 1. the chart's total bar says, as the table's row does, that it leaves Tel Aviv out
  const yesterday = addDays(jerusalemToday(), -1);
  await page.getByRole('combobox', { name: /^תאריך/ }).selectOption(yesterday);
  await expect(page).toHaveURL(new RegExp(`[?&]date=${yesterday}`));
  const chart = page.getByRole('figure', { name: `נמכרו ושמורים מתוך התפוסה, ${dmy(yesterday)}` });
  await expect(chart.getByRole('img', { name: /^כל בתי הקולנוע \(ללא סינמה העיר תל אביב\): [\d,]+ נמכרו/ })).toBeVisible();
  await expect(chart.getByText('כל בתי הקולנוע (ללא סינמה העיר תל אביב)', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: `מכירות לפי קולנוע ב-${dmy(yesterday)}` }).getByRole('rowheader', { name: 'כל בתי הקולנוע (ללא סינמה העיר תל אביב)' })).toBeVisible();
  await expect(page.getByTestId('table-basis')).toHaveText('נספרים מושבים באולמות הקולנוע, לפי תאריך ההקרנה. צפייה ביתית אינה נספרת.');
  await expectNoAxeViolations(page, 'by cinema');

  // 4. the cinema's screenings name it; the grouping is in the address; the way back keeps the day
  await page.getByRole('link', { name: 'סינמה העיר חיפה' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `הקרנות ב-${dmy(yesterday)} בסינמה העיר חיפה` })).toBeVisible();
  await page.getByRole('button', { name: 'לפי סרט' }).click();
  await expect(page).toHaveURL(/\?by=feature/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'לפי סרט' })).toHaveAttribute('aria-pressed', 'true');
  const film = page.getByRole('heading', { level: 3 }).first().getByRole('link');
  const filmName = (await film.textContent())!;
  await film.click();
  const boxTitle = `תיבת הקרנה: ${filmName} בסינמה העיר חיפה, ${dmy(yesterday)}`;
  await expect(page.getByRole('heading', { level: 2, name: boxTitle })).toBeVisible();
  const box = page.getByRole('table', { name: boxTitle });
  await expect(box.getByRole('rowheader', { name: /^סה״כ \(/ }).or(box.getByRole('rowheader').first())).toBeVisible();
  await expectNoAxeViolations(page, 'presentation box');
  await page.getByRole('link', { name: 'חזרה להקרנות' }).click();
  await expect(page).toHaveURL(/\?by=feature/);
  await expect(page.getByRole('button', { name: 'לפי סרט' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'חזרה למכירות לפי קולנוע' }).click();
  await expect(page.getByRole('combobox', { name: /^תאריך/ })).toHaveValue(yesterday);
  await expect(page.getByRole('table', { name: `מכירות לפי קולנוע ב-${dmy(yesterday)}` })).toBeVisible();

  // 3. By date: an end before the start is said, nothing moves, no table, no call; over 366 days likewise, no Retry
  const asked: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/PresentationSales/')) asked.push(decodeURIComponent(r.url())); });
  await page.getByRole('link', { name: 'לפי תאריך' }).click();
  const table = page.getByRole('table', { name: /^הקרנות מ-/ });
  await expect(table).toBeVisible();
  const from = page.getByRole('textbox', { name: 'מתאריך' });
  const to = page.getByRole('textbox', { name: 'עד תאריך' });
  const fromBefore = await from.inputValue();
  await to.fill(dmy(addDays(jerusalemToday(), -3)));
  await expect(page.getByRole('alert')).toHaveText('תאריך הסיום מוקדם מתאריך ההתחלה.');
  await expect(from).toHaveValue(fromBefore);
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(table).toHaveCount(0);
  await expectNoAxeViolations(page, 'by date, end before start');
  await from.fill('01/01/2020');
  await to.fill('31/12/2030');
  await expect(page.getByRole('alert')).toHaveText('עד 366 ימים: בחרו טווח קצר יותר.');
  await expect(page.getByRole('button', { name: 'נסו שוב' })).toHaveCount(0);
  expect(asked.filter((u) => u.includes('2020-01-01') || u.includes(`endDate=${addDays(jerusalemToday(), -3)}`))).toEqual([]);
  await to.fill('31/01/2020');
  await expect(page.getByRole('table', { name: 'הקרנות מ-01/01/2020 עד 31/01/2020' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a manager in English on a phone: reports that say what they count, wide tables in a scroll box, paging keeps the focus', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'en', '/PRES-live/reports');
  // 6. attendance by date: the newest day first (the month used to open on ten empty days), with the total
  const attendance = page.getByRole('table', { name: /^Attendance from / });
  await expect(attendance.getByRole('rowheader').first()).toHaveText(dmy(jerusalemToday()));
  await expect(attendance.getByRole('rowheader', { name: /^Total \(all 31 rows\)$/ })).toBeVisible();
  await expect(page.getByTestId('table-basis')).toHaveText('Counts seats in cinema halls, by screening date. Video on demand is not counted.');
  // paging by keyboard: when Previous goes disabled the focus moves to Next, not to the page's body
  const pager = page.getByRole('navigation', { name: /^Pages of Attendance from / });
  await pager.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(pager).toContainText('Page 2 of 4');
  await pager.getByRole('button', { name: 'Previous' }).focus();
  await page.keyboard.press('Enter');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Next' })).toBeFocused();
  await expectNoAxeViolations(page, 'attendance by date');

  // 2. sales by point of sale: a total row and what its tickets and revenue include; the choice survives a reload
  await page.getByRole('combobox', { name: 'Report' }).selectOption('salesByPos');
  await expect(page).toHaveURL(/report=salesByPos/);
  await page.reload();
  const pos = page.getByRole('table', { name: 'Sales by point of sale' });
  await expect(pos.getByRole('rowheader', { name: /^Total \(all \d+ rows\)$/ })).toBeVisible();
  await expect(page.getByTestId('table-basis')).toContainText('Tickets: seats in cinema halls only, as attendance counts them.');
  await expect(page.getByTestId('table-basis')).toContainText('whole orders — tickets, video on demand, service charges, booking fees and concessions');
  // 5. the table is wider than the phone: it scrolls in its own labelled, focusable box, with a hint
  const scrollBox = page.getByRole('region', { name: 'Sales by point of sale' });
  await expect(scrollBox).toHaveAttribute('tabindex', '0');
  await expect(page.getByTestId('scroll-hint')).toBeVisible();
  await expect(scrollBox).toHaveAttribute('aria-describedby', (await page.getByTestId('scroll-hint').getAttribute('id'))!);
  await scrollBox.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scrollBox.evaluate((b) => b.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await expectNoAxeViolations(page, 'sales by point of sale, phone');

  await page.getByRole('combobox', { name: 'Report' }).selectOption('topFeatures');
  await expect(page.getByTestId('table-basis')).toContainText('Counts seats in cinema halls sold on these dates (by sale date), as Films and screenings does; video on demand is not counted.');

  // the By date caption wraps within its box instead of being cut with the table
  await page.getByRole('link', { name: 'By date' }).click();
  const byDate = page.getByRole('table', { name: /^Screenings from / });
  await expect(byDate).toBeVisible();
  const fits = await byDate.evaluate((t) => {
    const caption = t.querySelector('caption')!.getBoundingClientRect();
    const box = t.parentElement!.getBoundingClientRect();
    return caption.left >= box.left - 1 && caption.right <= box.right + 1;
  });
  expect(fits).toBe(true);
  await expect(page.getByRole('region', { name: /^Screenings from / })).toBeVisible();
  await expect(byDate.getByRole('rowheader', { name: /^Total \(\d+ screenings\)$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'by date, phone');
});

test('a manager in English: CSV exports end with the total row, and Films and screenings keeps its film and screening in the address', async ({ page }) => {
  await signIn(page, 'en', '/PRES-live/reports');
  // the attendance table's total is the CSV's last line, in plain figures (the export used to stop at the last day)
  const attendance = page.getByRole('table', { name: /^Attendance from / });
  const totalRow = attendance.locator('tfoot tr');
  await expect(totalRow.getByRole('rowheader')).toHaveText('Total (all 31 rows)');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Export CSV — Attendance from / }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
  expect(lines[0]).toEqual(['Date', 'Sold', 'Held', 'Capacity']);
  const days = lines.slice(1, -1);
  expect(days).toHaveLength(31);
  const last = lines.at(-1)!;
  const sum = (col: number) => days.reduce((a, l) => a + Number(l[col]), 0);
  expect(last).toEqual(['Total (all 31 rows)', String(sum(1)), String(sum(2)), String(sum(3))]);
  expect(sum(1)).toBeGreaterThan(0);
  await expect(totalRow.getByRole('cell').first()).toHaveText(sum(1).toLocaleString('en'));

  await page.getByRole('link', { name: 'Films and screenings' }).click();
  const film = page.getByRole('combobox', { name: 'Film at cinema' });
  const choice = (await film.locator('option').nth(1).getAttribute('value'))!;
  const choiceText = (await film.locator('option').nth(1).textContent())!;
  await film.selectOption(choice);
  await expect(page).toHaveURL(new RegExp(`film=${choice.replace(':', '%3A')}`));
  await expect(page.getByRole('heading', { level: 3, name: choiceText })).toBeVisible();
  const screening = page.getByRole('combobox', { name: 'Screening' });
  await expect(screening.locator('option')).not.toHaveCount(1);
  const screeningId = (await screening.locator('option').nth(1).getAttribute('value'))!;
  await screening.selectOption(screeningId);
  await expect(page).toHaveURL(new RegExp(`screening=${screeningId}`));
  // the screening's own heading ("film · date · hall"), not the film's, which shows until the screening's figures come
  const screeningTitle = page.getByRole('heading', { level: 3, name: / · / });
  await expect(screeningTitle).toContainText(choiceText.split(' — ')[0]!);
  const title = (await screeningTitle.textContent())!;
  await page.reload();
  await expect(film).toHaveValue(choice);
  await expect(screening).toHaveValue(screeningId);
  await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
  // another film clears the screening, in the address too
  await film.selectOption((await film.locator('option').nth(2).getAttribute('value'))!);
  await expect(page).not.toHaveURL(/screening=/);
  await expect(screening).toHaveValue('');
});
