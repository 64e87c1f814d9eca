import { expect, it } from 'vitest';
import {
  CartResponse, CommitResponse, DonationQuoteResponse, DonationsResponse, EDocumentResponse, EnrolSeasonResponse, EnrolSeasonsResponse, FeaturesResponse,
  MembershipsResponse, SeatplanResponse, SeatplanV2Response, SystemVouchersResponse, TicketGroupsResponse, TicketLookupResponse, VodResponse, VoucherQuoteResponse,
} from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { commit, customerInfo, newKey, newUuid, lock, pay, postCart, presentationWithSeats, seat, V33 } from './orders-helpers.ts';
import { loadNames, localizePayload } from '../src/lib/localizedNames.ts';

/**
 * Eighteenth session, defects F-A and F-F of an Arabic/Russian visitor: the e-ticket (its JSON and its calendar file),
 * the season enrolment, and the words a visitor pays by — ticket types, price groups, sections, add-ons, genres and film
 * descriptions, memberships, gift vouchers and their categories, donation causes — come in ru, ar and pl; he and en
 * unchanged, and nothing but a name is ever swapped.
 */
forEachEngine('names in ru, ar and pl: e-ticket, enrolment, catalogue words', (get) => {
  const json = async (url: string, lang?: string) => {
    const r = await get().app.inject({ url, headers: lang ? { 'accept-language': lang } : {} });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as unknown;
  };

  /** A paid order of one Regular seat with the popcorn add-on and a small popcorn in the Jerusalem Cinema's Hall 3. */
  async function paidOrder() {
    const { app } = get();
    const { p, seats: [a] } = await presentationWithSeats(get(), V33.venue, 34, V33.reserved, 1);
    const uuid = newUuid('names');
    await lock(app, p, uuid, V33.reserved, a!.x, a!.y);
    const cart = { seats: [seat(p, V33.reserved, a!.x, a!.y, V33.regular, { selectedAddons: [1] })], products: [{ id: 1, quantity: 1 }], customerInfo: customerInfo() };
    const order = CartResponse.parse((await postCart(app, cart)).json()).order;
    const { sessionId } = await pay(app, uuid, order.amountDue);
    const res = CommitResponse.parse((await commit(app, uuid, newKey(), { ...cart, paymentIdentifier: sessionId })).json());
    return { p, cart, res };
  }
  let order: Awaited<ReturnType<typeof paidOrder>> | null = null;
  const theOrder = async () => (order ??= await paidOrder());

  it("the e-ticket names the film, cinema, hall, section, ticket type and products in the visitor's language (F-A)", async () => {
    const { res } = await theOrder();
    const doc = async (query: string, lang?: string) => EDocumentResponse.parse(await json(`/api/edocument/${res.documentKey}${query}`, lang)).edocument;
    const { rows: [film] } = await get().db.query<{ name_he: string; name_en: string; ar: string; ru: string }>(`
      SELECT f.name_he, f.name_en, (SELECT name FROM localized_names WHERE entity = 'feature' AND entity_id = f.id AND locale = 'ar') AS ar,
             (SELECT name FROM localized_names WHERE entity = 'feature' AND entity_id = f.id AND locale = 'ru') AS ru
      FROM reservations r JOIN reservation_tickets rt ON rt.reservation_id = r.id JOIN presentations p ON p.id = rt.presentation_id
      JOIN features f ON f.id = p.feature_id WHERE r.document_key = $1 LIMIT 1`, [res.documentKey]);
    expect(film!.ar).toBeTruthy();
    const ar = await doc('?lang=ar');
    expect(ar).toMatchObject({ featureName: film!.ar, locationName: 'سينما القدس', venueName: 'القاعة 3 (مختلطة)', entrance: 'مقاعد الجلوس' });
    expect(ar.tickets[0]).toMatchObject({ ticketName: 'عادية', SectionName: 'مقاعد الجلوس' });
    expect(ar.products).toEqual([{ name: 'فشار صغير', quantity: 1 }]);
    const ru = await doc('', 'ru-RU,ru;q=0.9');
    expect(ru).toMatchObject({ featureName: film!.ru, locationName: 'Кинотеатр Иерусалим', venueName: 'Зал 3 (смешанный)', entrance: 'Сидячие места' });
    expect(ru.tickets[0]!.ticketName).toBe('Обычный');
    // he and en as before
    expect(await doc('?lang=he')).toMatchObject({ featureName: film!.name_he, venueName: 'אולם 3 (משולב)', entrance: 'מושבים' });
    const en = await doc('', 'en');
    expect(en).toMatchObject({ featureName: film!.name_en, locationName: 'Jerusalem Cinema', venueName: 'Hall 3 (mixed)', entrance: 'Seated' });
    expect(en.tickets[0]!.ticketName).toBe('Regular');
    expect(en.products).toEqual([{ name: 'Small popcorn', quantity: 1 }]);
  });

  it("the e-ticket's calendar file names the film and the place in the page's language (ar, ru), he and en unchanged", async () => {
    const { res } = await theOrder();
    const ics = async (lang: string, browser = 'he-IL') => {
      const r = await get().app.inject({ url: `/api/edocument/${res.documentKey}/calendar.ics?lang=${lang}`, headers: { 'accept-language': browser } });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/calendar');
      return r.body;
    };
    const { rows: [film] } = await get().db.query<{ ar: string; en: string }>(`
      SELECT f.name_en AS en, n.name AS ar FROM reservations r JOIN reservation_tickets rt ON rt.reservation_id = r.id
      JOIN presentations p ON p.id = rt.presentation_id JOIN features f ON f.id = p.feature_id
      JOIN localized_names n ON n.entity = 'feature' AND n.entity_id = f.id AND n.locale = 'ar' WHERE r.document_key = $1 LIMIT 1`, [res.documentKey]);
    const ar = await ics('ar');
    expect(ar).toContain(`SUMMARY:${film!.ar.replace(/,/g, '\\,')}\r\n`);
    expect(ar).toContain('LOCATION:القاعة 3 (مختلطة)\\, سينما القدس\r\n');
    expect(await ics('ru', 'en-US')).toContain('LOCATION:Зал 3 (смешанный)\\, Кинотеатр Иерусалим\r\n');
    expect(await ics('en')).toContain(`SUMMARY:${film!.en.replace(/,/g, '\\,')}\r\n`);
    expect(await ics('he', 'en-US')).toContain('LOCATION:אולם 3 (משולב)\\, קולנוע ירושלים\r\n');
  });

  it("the season enrolment names its plays, hall, season, price groups and tariffs in the visitor's language (F-A)", async () => {
    const season = async (lang: string) => EnrolSeasonResponse.parse(await json(`/api/enroll/1?lang=${lang}`)).season;
    const ar = await season('ar');
    expect(ar.Presentations.length).toBeGreaterThan(0);
    const titles = new Set(['هاملت', 'بيت الدمية', 'الديبوك', 'عازف الكمان على السطح', 'أنتيغون', 'زيارة السيدة العجوز']);
    for (const e of ar.Presentations) expect(titles.has(e.Title), e.Title).toBe(true);
    expect(ar).toMatchObject({ Name: 'الموسم المسرحي', VenueName: 'القاعة 1', Code: 'THEATRE' });
    expect(ar.Description).toMatch(/^مقعد ثابت/);
    expect(ar.TicketGroups[0]!.Name).toBe('مقاعد عادية');
    expect(ar.TicketGroups[0]!.tariffs.map((t) => t.Name)).toEqual(['عادية', 'طالب', 'كبار السن']);
    const ru = await season('ru');
    expect(ru.Presentations.map((e) => e.Title)).toContain('Гамлет');
    expect(ru.VenueName).toBe('Зал 1');
    expect(EnrolSeasonsResponse.parse(await json('/api/enroll', 'ru')).seasons[0]).toMatchObject({ Name: 'Театральный сезон', VenueName: 'Зал 1' });
    const en = await season('en');
    expect(en.Presentations.map((e) => e.Title)).toContain('Hamlet');
    expect(en).toMatchObject({ Name: 'Theatre season', VenueName: 'Hall 1' });
    expect(en.TicketGroups[0]!.tariffs.map((t) => t.Name)).toEqual(['Regular', 'Student', 'Senior citizen']);
    const he = await season('he');
    expect(he.Presentations.map((e) => e.Title)).toContain('המלט');
    expect(he.VenueName).toBe('אולם 1');
    // the quote's lines: the season and the tariff
    const required = ar.Presentations.filter((e) => e.IsRequired).map((e) => e.PresentationId);
    const quote = await get().app.inject({
      method: 'POST', url: '/api/enroll/1/quote?lang=ar',
      payload: { tariffs: [{ ticketId: ar.TicketGroups[0]!.tariffs[1]!.TicketId, quantity: 1 }], presentationIds: required, seats: [] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().lines[0].name).toBe('الموسم المسرحي · طالب');
  });

  it('the tickets step: price groups, ticket types, reference prompts, add-ons and products in ru and ar (F-F)', async () => {
    const { p } = await theOrder();
    const groups = async (lang: string) => TicketGroupsResponse.parse(await json(`/api/presentations/${p.id}/ticketGroups`, lang)).ticketGroups;
    const ru = await groups('ru');
    const regular = ru.find((g) => g.code === 'regular')!;
    expect(regular.name).toBe('Обычные места');
    expect(regular.tickets.map((t) => t.name)).toEqual(expect.arrayContaining([
      'Обычный', 'Студенческий', 'Пенсионный', 'Детский (до 12 лет)', 'Для пары (2 билета)', 'Сотрудник организации-партнёра', 'Лист ожидания',
    ]));
    // the ticket a lookup answers: its reference prompts and add-ons
    const lookup = async (ticketId: number, lang: string) => {
      const r = await get().app.inject({ method: 'POST', url: `/api/presentations/${p.id}/ticket`, payload: { ticketId }, headers: { 'accept-language': lang } });
      expect(r.statusCode, r.body).toBe(200);
      return TicketLookupResponse.parse(r.json()).ticket;
    };
    expect(await lookup(V33.employee, 'ru')).toMatchObject({ name: 'Сотрудник организации-партнёра', ref1prompt: 'Табельный номер', ref2prompt: 'Код организации', kind: 'reference' });
    const withAddons = await lookup(V33.regular, 'ru');
    expect(withAddons.addons.map((a) => a.name)).toEqual(['Попкорн к билету', 'Напиток к билету']);
    expect(await lookup(V33.employee, 'en')).toMatchObject({ name: 'Partner employee', ref1prompt: 'Employee number', ref2prompt: 'Organisation code' });
    expect(ru.find((g) => g.code === 'premium')!.name).toBe('Премиум');
    const ar = await groups('ar');
    expect(ar.find((g) => g.code === 'regular')!.tickets.find((t) => t.id === V33.student)!.name).toBe('طالب');
    expect(ar.find((g) => g.code === 'ga')!.name).toBe('دخول عام');
    // codes are not names: the group's code, the ticket's code and kind stay
    expect(ru.map((g) => g.code)).toEqual(ar.map((g) => g.code));
    const en = await groups('en');
    expect(en.find((g) => g.code === 'regular')!.tickets.find((t) => t.id === V33.employee)).toMatchObject({ name: 'Partner employee' });
    expect(en.find((g) => g.code === 'regular')!.name).toBe('Regular');
    // the order's summary: ticket type, section and add-on beside their ids
    const { cart } = await theOrder();
    const summary = CartResponse.parse((await postCart(get().app, { seats: cart.seats }, { lang: 'ar' })).json()).order;
    expect(summary.presentations[0]!.tickets[0]).toMatchObject({ ticketName: 'عادية', SectionName: 'مقاعد الجلوس' });
    expect(summary.presentations[0]!.tickets[0]!.addons[0]!.name).toBe('فشار مع التذكرة');
  });

  it('seat maps name their sections and seat groups in ru and ar; the streaming ticket types too (F-F)', async () => {
    const v2 = SeatplanV2Response.parse(await json('/api/seats/seatplanV2?venueId=33&seatplanId=331', 'ru')).seatplan;
    expect(v2.sections.map((s) => s.name)).toEqual(['Сидячие места', 'Стоячие места']);
    expect(v2.sections[0]!.groups[0]!.name).toBe('Сидячие места');
    expect(v2.name).toBe('plan-33'); // the plan's own name is not a section's
    const v1 = SeatplanResponse.parse(await json('/api/seats/seatplan?venueId=11&seatplanId=111&lang=ar')).seatplan;
    expect(v1.sections[0]!.name).toBe('الصالة');
    const seat1 = v1.sections[0]!.groups[0]!.rows[0]!.seats[0]!;
    expect(seat1).toMatchObject({ SectionName: 'الصالة', RowName: 'A', SeatName: '1' });
    const en = SeatplanV2Response.parse(await json('/api/seats/seatplanV2?venueId=33&seatplanId=331', 'en')).seatplan;
    expect(en.sections.map((s) => s.name)).toEqual(['Seated', 'Standing']);
    const vod = VodResponse.parse(await json('/api/vod', 'pl')).titles;
    expect(vod[0]!.tickets.map((t) => t.name)).toEqual(['Wypożyczenie na 48 godzin', 'Zakup']);
    expect(vod[0]!.description).toMatch(/ · \d+ min$/);
  });

  it("films' genres and descriptions in ru and ar (F-F)", async () => {
    const features = async (lang: string) => FeaturesResponse.parse(await json('/api/features/', lang)).features;
    const ru = (await features('ru')).find((f) => f.id === 11)!;
    expect(ru).toMatchObject({ name: 'Папа в отпуске', genre: 'Семейный', description: 'Семейный · 93 мин.' });
    const ar = (await features('ar')).find((f) => f.id === 11)!;
    expect(ar).toMatchObject({ name: 'أبي في إجازة', genre: 'عائلي', description: 'عائلي · 93 دقيقة' });
    const play = (await features('ar')).find((f) => f.id === 201);
    if (play) expect(play).toMatchObject({ name: 'هاملت', genre: 'مسرح', description: 'مسرحية · 175 دقيقة مع الاستراحة' });
    expect((await features('en')).find((f) => f.id === 11)).toMatchObject({ genre: 'Family', description: 'Family · 93 minutes' });
    expect((await features('he')).find((f) => f.id === 11)).toMatchObject({ genre: 'משפחה' });
  });

  it('memberships: name, class, description, prices and the terms link in ar and ru; codes unchanged (F-F)', async () => {
    const list = async (lang: string) => MembershipsResponse.parse(await json('/api/memberships', lang)).memberships;
    const ar = await list('ar');
    const club = ar.find((m) => m.Code === 'CLUB')!;
    expect(club).toMatchObject({ Name: 'نادي السينما', ClassName: 'اشتراك سنوي', terms: { termsId: 1, text: 'شروط الاشتراكات' } });
    expect(club.Description).toMatch(/^10 تذاكر اشتراك/);
    expect(club.prices.map((p) => [p.PriceCode, p.Name])).toEqual([['SINGLE', 'فردي'], ['COUPLE', 'زوجي'], ['CLUB-FRIENDS', 'صديق يُحضر صديقًا']]);
    const ru = await list('ru');
    expect(ru.map((m) => m.Name)).toEqual(['Киноклуб', 'Серия из шести фильмов', 'Студенческая карта', 'Золотой возраст']);
    expect(ru.find((m) => m.Code === 'SERIES6')).toMatchObject({ ClassName: 'Серия', Description: 'Выберите 6 сеансов по сниженной цене' });
    const en = await list('en');
    expect(en.find((m) => m.Code === 'CLUB')).toMatchObject({ Name: 'Cinema Club', ClassName: 'Annual', terms: { text: 'Membership terms' } });
    expect((await list('he')).find((m) => m.Code === 'CLUB')!.Name).toBe('מועדון הקולנוע');
  });

  it('gift vouchers, their categories and terms, and their quote lines in ru and ar (F-F)', async () => {
    const list = async (lang: string) => SystemVouchersResponse.parse(await json('/api/system-vouchers', lang));
    const ru = await list('ru');
    expect(ru.superClasses.map((c) => c.name)).toEqual(['Подарочные карты', 'Впечатления']);
    const gift = ru.vouchers.find((v) => v.SystemVoucherId === 1)!;
    expect(gift).toMatchObject({
      Name: 'Подарочная карта на 100 ₪', Description: 'Действует в любом из наших кинотеатров', SuperClassName: 'Подарочные карты',
      Terms: { termsId: 3, text: 'Условия подарочных карт' },
    });
    expect(gift.Prices[0]!.redemptionData[0]!.reference).toBe('GIFT100'); // a reference is not a name
    const ar = await list('ar');
    expect(ar.vouchers.find((v) => v.SystemVoucherId === 4)).toMatchObject({ Name: 'فيلم وفشار', SuperClassName: 'تجارب' });
    const en = await list('en');
    expect(en.vouchers.find((v) => v.SystemVoucherId === 1)).toMatchObject({ Name: 'Gift card ₪100', Description: 'Use at any of our cinemas', SuperClassName: 'Gift cards' });
    const quote = await get().app.inject({
      method: 'POST', url: '/api/vouchers/quote', headers: { 'accept-language': 'ar' },
      payload: { lines: [{ systemVoucherId: 1, systemVoucherPriceId: 1, quantity: 1 }], products: [{ productId: 2, quantity: 1 }] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = VoucherQuoteResponse.parse(quote.json());
    expect(q.lines[0]!.name).toBe('بطاقة هدية بقيمة 100 ₪');
    expect(q.products[0]!.name).toBe('فشار كبير');
  });

  it('donation causes and their descriptions, and the quote lines, in ru and ar; codes unchanged (F-F)', async () => {
    const list = async (lang: string) => DonationsResponse.parse(await json('/api/donations', lang)).donations;
    const ar = await list('ar');
    expect(ar.find((d) => d.Code === 'KIDS')).toMatchObject({ Name: 'سينما للأطفال في المناطق الطرفية', Description: 'عروض مجانية للأطفال' });
    const ru = await list('ru');
    expect(ru.map((d) => [d.Code, d.Name])).toEqual([['KIDS', 'Кино для детей из отдалённых городов'], ['ARCHIVE', 'Сохранение киноархива']]);
    expect((await list('en'))[0]).toMatchObject({ Name: 'Cinema for children in the periphery', Description: 'Free screenings for children' });
    const quote = await get().app.inject({
      method: 'POST', url: '/api/donations/quote?lang=ru', payload: { lines: [{ donationId: 2, donationDetailId: 21, selectedQuantity: 1 }] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(DonationQuoteResponse.parse(quote.json()).lines[0]!.type).toBe('Сохранение киноархива');
  });

  it('the hook swaps names only: codes, references, other lists named `tickets`, and staff answers are left alone', async () => {
    const names = await loadNames(get().db);
    const input = {
      // an order's tickets in the customer area: `id` is the reservation ticket's, and it has no `name`
      upcoming: [{ id: 7, featureId: 1, title: 'The Quiet Sea', tickets: [{ id: 3311, sectionName: 'Seated', name: 'not a ticket type' }] }],
      tickets: [{ id: 3311, name: 'Regular' }],
      donations: [{ id: 1, Code: 'KIDS', Name: 'Cinema for children in the periphery', Description: 'Free screenings for children' }],
      memberships: [{ MembershipId: 1, Code: 'CLUB', Name: 'Cinema Club', prices: [{ MembershipPriceId: 11, PriceCode: 'SINGLE', Name: 'Single' }] }],
      unknown: { id: 1, name: 'The Quiet Sea' },
    };
    const out = localizePayload(input, names, 'ru');
    expect(out.upcoming[0]!.title).toBe('Тихое море');
    expect(out.upcoming[0]!.tickets[0]).toEqual({ id: 3311, sectionName: 'Seated', name: 'not a ticket type' });
    expect(out.tickets[0]!.name).toBe('Regular'); // not inside a ticket group: of unknown kind
    expect(out.donations[0]).toMatchObject({ Code: 'KIDS', Name: 'Кино для детей из отдалённых городов' });
    expect(out.memberships[0]).toMatchObject({ Code: 'CLUB', Name: 'Киноклуб', prices: [{ PriceCode: 'SINGLE', Name: 'Индивидуальный' }] });
    expect(out.unknown.name).toBe('The Quiet Sea');
    expect(input.donations[0]!.Name).toBe('Cinema for children in the periphery'); // the input is never changed
    expect(localizePayload(input, names, 'ru').unknown).toBe(input.unknown); // parts with nothing to swap are shared
  });
});
