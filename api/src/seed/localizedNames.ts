import type { Queryable } from '../db/index.ts';
import type { Entity } from '../lib/localizedNames.ts';

/**
 * ru, ar and pl names and texts of the demo data, by the English text (he and en live in the tables' own columns).
 * The seed reads every row's English and stores the translation under the row's id (table localized_names).
 */
type Names = { ru: string; ar: string; pl: string };
const FEATURE_NAMES: Record<string, Names> = {
  'The Quiet Sea': { ru: 'Тихое море', ar: 'البحر الهادئ', pl: 'Ciche morze' },
  'Night at the Harbour': { ru: 'Ночь в порту', ar: 'ليلة في الميناء', pl: 'Noc w porcie' },
  "Noa's Summer": { ru: 'Лето Ноа', ar: 'صيف نوعا', pl: 'Lato Noi' },
  'Journey to the Galilee': { ru: 'Путешествие в Галилею', ar: 'رحلة إلى الجليل', pl: 'Podróż do Galilei' },
  'Stars over the Negev': { ru: 'Звёзды над Негевом', ar: 'نجوم فوق النقب', pl: 'Gwiazdy nad Negewem' },
  'The Last Clock': { ru: 'Последние часы', ar: 'الساعة الأخيرة', pl: 'Ostatni zegar' },
  'A Wedding in Jaffa': { ru: 'Свадьба в Яффо', ar: 'عرس في يافا', pl: 'Wesele w Jafie' },
  'Keepers of the Walls': { ru: 'Хранители стен', ar: 'حراس الأسوار', pl: 'Strażnicy murów' },
  'The Librarian': { ru: 'Библиотекарша', ar: 'أمينة المكتبة', pl: 'Bibliotekarka' },
  'Winds of the Carmel': { ru: 'Ветры Кармеля', ar: 'رياح الكرمل', pl: 'Wiatry Karmelu' },
  'Dad on Holiday': { ru: 'Папа в отпуске', ar: 'أبي في إجازة', pl: 'Tata na wakacjach' },
  'The Restaurant': { ru: 'Ресторан', ar: 'المطعم', pl: 'Restauracja' },
  'Winter Concert (live)': { ru: 'Зимний концерт (live)', ar: 'حفل الشتاء (مباشر)', pl: 'Koncert zimowy (na żywo)' },
  'At Home: The Island': { ru: 'Дома: Остров', ar: 'في البيت: الجزيرة', pl: 'W domu: Wyspa' },
};
const LOCATION_NAMES: Record<string, Names> = {
  'City Cinema Tel Aviv': { ru: 'Сити Синема Тель-Авив', ar: 'سيتي سينما تل أبيب', pl: 'City Cinema Tel Awiw' },
  'City Cinema Haifa': { ru: 'Сити Синема Хайфа', ar: 'سيتي سينما حيفا', pl: 'City Cinema Hajfa' },
  'Jerusalem Cinema': { ru: 'Кинотеатр Иерусалим', ar: 'سينما القدس', pl: 'Kino Jerozolima' },
  'City Cinema Beer Sheva': { ru: 'Сити Синема Беэр-Шева', ar: 'سيتي سينما بئر السبع', pl: 'City Cinema Beer Szewa' },
};
const VENUE_NAMES: Record<string, Names> = {
  'Hall 1': { ru: 'Зал 1', ar: 'القاعة 1', pl: 'Sala 1' },
  'Rooftop Club (standing)': { ru: 'Клуб на крыше (стоячие места)', ar: 'نادي السطح (وقوف)', pl: 'Klub na dachu (miejsca stojące)' },
  'Hall 3 (mixed)': { ru: 'Зал 3 (смешанный)', ar: 'القاعة 3 (مختلطة)', pl: 'Sala 3 (mieszana)' },
  'Menora Arena': { ru: 'Арена «Менора»', ar: 'ساحة منورا', pl: 'Arena Menora' },
  'Watch at home': { ru: 'Смотреть дома', ar: 'المشاهدة في المنزل', pl: 'Oglądaj w domu' },
  'Watch at home premium': { ru: 'Смотреть дома (премиум)', ar: 'المشاهدة في المنزل بريميوم', pl: 'Oglądaj w domu premium' },
  'Concert Hall (standing)': { ru: 'Концертный зал (стоячие места)', ar: 'قاعة الحفلات (وقوف)', pl: 'Sala koncertowa (miejsca stojące)' },
  'Cinematheque Yard (standing)': { ru: 'Двор синематеки (стоячие места)', ar: 'ساحة السينماتيك (وقوف)', pl: 'Dziedziniec kinoteki (miejsca stojące)' },
};
const PRODUCT_NAMES: Record<string, Names> = {
  'Small popcorn': { ru: 'Попкорн малый', ar: 'فشار صغير', pl: 'Popcorn mały' },
  'Large popcorn': { ru: 'Попкорн большой', ar: 'فشار كبير', pl: 'Popcorn duży' },
  Nachos: { ru: 'Начос', ar: 'ناتشوز', pl: 'Nachos' },
  'Soft drink': { ru: 'Безалкогольный напиток', ar: 'مشروب غازي', pl: 'Napój' },
  'Mineral water': { ru: 'Минеральная вода', ar: 'مياه معدنية', pl: 'Woda mineralna' },
  '3D glasses': { ru: '3D-очки', ar: 'نظارات ثلاثية الأبعاد', pl: 'Okulary 3D' },
  'Couple combo': { ru: 'Комбо для двоих', ar: 'وجبة لشخصين', pl: 'Zestaw dla dwojga' },
  'Gift box (delivered)': { ru: 'Подарочный набор (с доставкой)', ar: 'علبة هدايا (مع التوصيل)', pl: 'Zestaw prezentowy (z dostawą)' },
};

/** Price groups (ticket_groups) and ticket types (tickets: every group's kinds, the special tickets, streaming). */
const TICKET_GROUP_NAMES: Record<string, Names> = {
  Regular: { ru: 'Обычные места', ar: 'مقاعد عادية', pl: 'Miejsca zwykłe' },
  Premium: { ru: 'Премиум', ar: 'مقاعد مميزة', pl: 'Premium' },
  'General admission': { ru: 'Свободная рассадка', ar: 'دخول عام', pl: 'Wstęp ogólny' },
  Streaming: { ru: 'Онлайн-просмотр', ar: 'مشاهدة عبر الإنترنت', pl: 'Streaming' },
};
const TICKET_NAMES: Record<string, Names> = {
  Regular: { ru: 'Обычный', ar: 'عادية', pl: 'Normalny' },
  Student: { ru: 'Студенческий', ar: 'طالب', pl: 'Studencki' },
  'Senior citizen': { ru: 'Пенсионный', ar: 'كبار السن', pl: 'Senior' },
  'Child (under 12)': { ru: 'Детский (до 12 лет)', ar: 'طفل (دون 12 عامًا)', pl: 'Dziecięcy (do 12 lat)' },
  'Couple (2 tickets)': { ru: 'Для пары (2 билета)', ar: 'زوجية (تذكرتان)', pl: 'Dla pary (2 bilety)' },
  'Code benefit': { ru: 'Скидка по коду', ar: 'خصم بالرمز', pl: 'Zniżka z kodem' },
  'Member ticket': { ru: 'Билет по абонементу', ar: 'تذكرة اشتراك', pl: 'Bilet karnetowy' },
  'Loyalty points ticket': { ru: 'Билет за баллы', ar: 'تذكرة بالنقاط', pl: 'Bilet za punkty' },
  'Partner employee': { ru: 'Сотрудник организации-партнёра', ar: 'موظف جهة شريكة', pl: 'Pracownik firmy partnerskiej' },
  Standby: { ru: 'Лист ожидания', ar: 'قائمة الانتظار', pl: 'Lista rezerwowa' },
  '48-hour rental': { ru: 'Аренда на 48 часов', ar: 'استئجار لمدة 48 ساعة', pl: 'Wypożyczenie na 48 godzin' },
  Purchase: { ru: 'Покупка', ar: 'شراء', pl: 'Zakup' },
};
/** The reference prompts of the partner employee ticket (ticket_options). */
const PROMPTS: Record<string, Names> = {
  'Employee number': { ru: 'Табельный номер', ar: 'رقم الموظف', pl: 'Numer pracownika' },
  'Organisation code': { ru: 'Код организации', ar: 'رمز المؤسسة', pl: 'Kod organizacji' },
};
const ADDON_NAMES: Record<string, Names> = {
  'Popcorn add-on': { ru: 'Попкорн к билету', ar: 'فشار مع التذكرة', pl: 'Popcorn do biletu' },
  'Drink add-on': { ru: 'Напиток к билету', ar: 'مشروب مع التذكرة', pl: 'Napój do biletu' },
};
/** Sections and their seat groups. */
const SECTION_NAMES: Record<string, Names> = {
  Stalls: { ru: 'Партер', ar: 'الصالة', pl: 'Parter' },
  'Standing floor': { ru: 'Танцпартер (стоячие места)', ar: 'ساحة الوقوف', pl: 'Płyta (miejsca stojące)' },
  Floor: { ru: 'Танцпартер', ar: 'الساحة', pl: 'Płyta' },
  Seated: { ru: 'Сидячие места', ar: 'مقاعد الجلوس', pl: 'Miejsca siedzące' },
  Standing: { ru: 'Стоячие места', ar: 'أماكن الوقوف', pl: 'Miejsca stojące' },
  'Block A': { ru: 'Сектор A', ar: 'القطاع A', pl: 'Sektor A' },
  'Block B': { ru: 'Сектор B', ar: 'القطاع B', pl: 'Sektor B' },
  'Block C': { ru: 'Сектор C', ar: 'القطاع C', pl: 'Sektor C' },
  'Block D': { ru: 'Сектор D', ar: 'القطاع D', pl: 'Sektor D' },
  Streaming: { ru: 'Онлайн-просмотр', ar: 'مشاهدة عبر الإنترنت', pl: 'Streaming' },
};
const GENRES: Record<string, Names> = {
  Drama: { ru: 'Драма', ar: 'دراما', pl: 'Dramat' },
  Thriller: { ru: 'Триллер', ar: 'إثارة', pl: 'Thriller' },
  Comedy: { ru: 'Комедия', ar: 'كوميديا', pl: 'Komedia' },
  Adventure: { ru: 'Приключения', ar: 'مغامرات', pl: 'Przygodowy' },
  Animation: { ru: 'Анимация', ar: 'رسوم متحركة', pl: 'Animacja' },
  'Science fiction': { ru: 'Фантастика', ar: 'خيال علمي', pl: 'Science fiction' },
  'Romantic comedy': { ru: 'Романтическая комедия', ar: 'كوميديا رومانسية', pl: 'Komedia romantyczna' },
  Action: { ru: 'Боевик', ar: 'أكشن', pl: 'Akcja' },
  Horror: { ru: 'Ужасы', ar: 'رعب', pl: 'Horror' },
  Family: { ru: 'Семейный', ar: 'عائلي', pl: 'Familijny' },
  Documentary: { ru: 'Документальный', ar: 'وثائقي', pl: 'Dokumentalny' },
  Music: { ru: 'Музыка', ar: 'موسيقى', pl: 'Muzyka' },
  Theatre: { ru: 'Театр', ar: 'مسرح', pl: 'Teatr' },
};
/** A film's description as the catalog seed writes it ("Drama · 112 minutes"; a play's "Play · 175 minutes including the interval"). */
function describe(en: string): Names | undefined {
  const play = /^Play · (\d+) minutes including the interval$/.exec(en);
  if (play) return { ru: `Спектакль · ${play[1]} мин. с антрактом`, ar: `مسرحية · ${play[1]} دقيقة مع الاستراحة`, pl: `Spektakl · ${play[1]} min z przerwą` };
  const film = /^(.+) · (\d+) minutes$/.exec(en);
  const g = film ? GENRES[film[1]!] : undefined;
  return g && film ? { ru: `${g.ru} · ${film[2]} мин.`, ar: `${g.ar} · ${film[2]} دقيقة`, pl: `${g.pl} · ${film[2]} min` } : undefined;
}
const MEMBERSHIP_NAMES: Record<string, Names> = {
  'Cinema Club': { ru: 'Киноклуб', ar: 'نادي السينما', pl: 'Klub Kinomana' },
  'Six-film series': { ru: 'Серия из шести фильмов', ar: 'سلسلة الأفلام الستة', pl: 'Cykl sześciu filmów' },
  'Student card': { ru: 'Студенческая карта', ar: 'بطاقة الطالب', pl: 'Karta studencka' },
  'Golden age': { ru: 'Золотой возраст', ar: 'العمر الذهبي', pl: 'Złoty wiek' },
};
const MEMBERSHIP_CLASSES: Record<string, Names> = {
  Annual: { ru: 'Годовой абонемент', ar: 'اشتراك سنوي', pl: 'Karnet roczny' },
  Series: { ru: 'Серия', ar: 'سلسلة', pl: 'Cykl' },
  Student: { ru: 'Студенческий', ar: 'للطلاب', pl: 'Studencki' },
  Seniors: { ru: 'Для пенсионеров', ar: 'لكبار السن', pl: 'Dla seniorów' },
};
const MEMBERSHIP_DESCRIPTIONS: Record<string, Names> = {
  '10 member tickets for a year, each free of charge (plus the service charge), on regular seats (not premium)': {
    ru: '10 билетов по абонементу на год, каждый бесплатно (оплачивается только сервисный сбор), на обычные места (не премиум)',
    ar: '10 تذاكر اشتراك لمدة سنة، كل تذكرة مجانًا (مع رسوم الخدمة فقط)، في المقاعد العادية (غير المميزة)',
    pl: '10 biletów karnetowych na rok, każdy bezpłatny (płatna tylko opłata serwisowa), na zwykłe miejsca (nie premium)',
  },
  'Choose 6 screenings at a reduced price': { ru: 'Выберите 6 сеансов по сниженной цене', ar: 'اختر 6 عروض بسعر مخفّض', pl: 'Wybierz 6 seansów w obniżonej cenie' },
  'Student price tickets': { ru: 'Билеты по студенческой цене', ar: 'تذاكر بسعر الطلاب', pl: 'Bilety w cenie studenckiej' },
  'Free morning screenings': { ru: 'Бесплатные утренние сеансы', ar: 'عروض صباحية مجانية', pl: 'Bezpłatne seanse poranne' },
};
const MEMBERSHIP_PRICE_NAMES: Record<string, Names> = {
  Single: { ru: 'Индивидуальный', ar: 'فردي', pl: 'Indywidualny' },
  Couple: { ru: 'Для пары', ar: 'زوجي', pl: 'Dla pary' },
  Series: { ru: 'Серия', ar: 'سلسلة', pl: 'Cykl' },
  Student: { ru: 'Студенческий', ar: 'طالب', pl: 'Studencki' },
  Senior: { ru: 'Пенсионный', ar: 'كبار السن', pl: 'Senior' },
  'Friends price': { ru: 'Приведи друга', ar: 'صديق يُحضر صديقًا', pl: 'Przyprowadź znajomego' },
};
/** The terms link under a membership or a voucher (the lists name it by its terms id). */
const TERMS: Record<string, Names> = {
  'Membership terms': { ru: 'Условия абонементов', ar: 'شروط الاشتراكات', pl: 'Regulamin karnetów' },
  'Voucher terms': { ru: 'Условия подарочных карт', ar: 'شروط القسائم', pl: 'Regulamin bonów' },
};
const VOUCHER_NAMES: Record<string, Names> = {
  'Gift card ₪100': { ru: 'Подарочная карта на 100 ₪', ar: 'بطاقة هدية بقيمة 100 ₪', pl: 'Karta podarunkowa 100 ₪' },
  'Gift card ₪200': { ru: 'Подарочная карта на 200 ₪', ar: 'بطاقة هدية بقيمة 200 ₪', pl: 'Karta podarunkowa 200 ₪' },
  'Gift card, any amount': { ru: 'Подарочная карта на любую сумму', ar: 'بطاقة هدية بأي مبلغ', pl: 'Karta podarunkowa na dowolną kwotę' },
  'Movie and popcorn': { ru: 'Кино и попкорн', ar: 'فيلم وفشار', pl: 'Film i popcorn' },
  'VIP couple night': { ru: 'VIP-вечер для двоих', ar: 'أمسية VIP لشخصين', pl: 'Wieczór VIP dla dwojga' },
};
const VOUCHER_DESCRIPTIONS: Record<string, Names> = {
  'Use at any of our cinemas': { ru: 'Действует в любом из наших кинотеатров', ar: 'تُستخدم في أيٍّ من دور السينما لدينا', pl: 'Do wykorzystania w każdym z naszych kin' },
  'A gift for any film or show, in the amount you choose': {
    ru: 'Подарок на любой фильм или спектакль — на сумму по вашему выбору', ar: 'هدية لأي فيلم أو عرض، بالمبلغ الذي تختاره', pl: 'Prezent na dowolny film lub spektakl, w wybranej przez Ciebie kwocie',
  },
  'One ticket and a large popcorn': { ru: 'Один билет и большой попкорн', ar: 'تذكرة واحدة وفشار كبير', pl: 'Jeden bilet i duży popcorn' },
  'Two premium tickets and a couple combo': { ru: 'Два билета премиум и комбо для двоих', ar: 'تذكرتان مميزتان ووجبة لشخصين', pl: 'Dwa bilety premium i zestaw dla dwojga' },
};
const VOUCHER_CLASSES: Record<string, Names> = {
  'Gift cards': { ru: 'Подарочные карты', ar: 'بطاقات الهدايا', pl: 'Karty podarunkowe' },
  Experiences: { ru: 'Впечатления', ar: 'تجارب', pl: 'Przeżycia' },
};
const DONATION_NAMES: Record<string, Names> = {
  'Cinema for children in the periphery': { ru: 'Кино для детей из отдалённых городов', ar: 'سينما للأطفال في المناطق الطرفية', pl: 'Kino dla dzieci z mniejszych miejscowości' },
  'Film archive preservation': { ru: 'Сохранение киноархива', ar: 'صون أرشيف الأفلام', pl: 'Ochrona archiwum filmowego' },
};
const DONATION_DESCRIPTIONS: Record<string, Names> = {
  'Free screenings for children': { ru: 'Бесплатные сеансы для детей', ar: 'عروض مجانية للأطفال', pl: 'Bezpłatne seanse dla dzieci' },
  'Preserving Israeli films': { ru: 'Сохранение израильских фильмов', ar: 'الحفاظ على الأفلام الإسرائيلية', pl: 'Ochrona izraelskich filmów' },
};
const SEASON_NAMES: Record<string, Names> = {
  'Theatre season': { ru: 'Театральный сезон', ar: 'الموسم المسرحي', pl: 'Sezon teatralny' },
};
const SEASON_DESCRIPTIONS: Record<string, Names> = {
  'One fixed seat for the whole season: three required plays and up to three of your choice': {
    ru: 'Одно постоянное место на весь сезон: три обязательных спектакля и до трёх на ваш выбор',
    ar: 'مقعد ثابت واحد طوال الموسم: ثلاث مسرحيات إلزامية وحتى ثلاث من اختيارك',
    pl: 'Jedno stałe miejsce na cały sezon: trzy obowiązkowe spektakle i do trzech wybranych przez Ciebie',
  },
};

/** Each kind of translation: the rows to name (id and English text) and the translation of an English text. */
const SOURCES: ReadonlyArray<readonly [Entity, string, Record<string, Names> | ((en: string) => Names | undefined)]> = [
  ['feature', 'SELECT id, name_en AS en FROM features', FEATURE_NAMES],
  ['feature_genre', 'SELECT id, genre_en AS en FROM features', GENRES],
  ['feature_description', 'SELECT id, description_en AS en FROM features', describe],
  ['location', 'SELECT id, name_en AS en FROM locations', LOCATION_NAMES],
  ['venue', 'SELECT id, name_en AS en FROM venues', VENUE_NAMES],
  ['product', 'SELECT id, name_en AS en FROM products', PRODUCT_NAMES],
  ['ticket_group', 'SELECT id, name_en AS en FROM ticket_groups', TICKET_GROUP_NAMES],
  ['ticket', 'SELECT id, name_en AS en FROM tickets', TICKET_NAMES],
  ['ticket_prompt1', 'SELECT ticket_id AS id, ref1prompt_en AS en FROM ticket_options WHERE ref1prompt_en IS NOT NULL', PROMPTS],
  ['ticket_prompt2', 'SELECT ticket_id AS id, ref2prompt_en AS en FROM ticket_options WHERE ref2prompt_en IS NOT NULL', PROMPTS],
  ['addon', 'SELECT id, name_en AS en FROM addons', ADDON_NAMES],
  ['section', 'SELECT id, name_en AS en FROM sections', SECTION_NAMES],
  ['seat_group', 'SELECT id, name_en AS en FROM seat_groups', SECTION_NAMES],
  ['membership', 'SELECT id, name_en AS en FROM memberships', MEMBERSHIP_NAMES],
  ['membership_class', 'SELECT id, class_name_en AS en FROM memberships', MEMBERSHIP_CLASSES],
  ['membership_description', 'SELECT id, description_en AS en FROM memberships', MEMBERSHIP_DESCRIPTIONS],
  ['membership_price', 'SELECT id, name_en AS en FROM membership_prices', MEMBERSHIP_PRICE_NAMES],
  // the lists' terms link (api/src/domains/lists): memberships' and vouchers' terms ids
  ['terms', "SELECT DISTINCT terms_id AS id, 'Membership terms' AS en FROM memberships", TERMS],
  ['terms', "SELECT DISTINCT terms_id AS id, 'Voucher terms' AS en FROM system_vouchers", TERMS],
  ['voucher', 'SELECT id, name_en AS en FROM system_vouchers', VOUCHER_NAMES],
  ['voucher_description', 'SELECT id, description_en AS en FROM system_vouchers', VOUCHER_DESCRIPTIONS],
  ['voucher_class', 'SELECT id, name_en AS en FROM system_voucher_super_classes', VOUCHER_CLASSES],
  ['donation', 'SELECT id, name_en AS en FROM donations', DONATION_NAMES],
  ['donation_description', 'SELECT id, description_en AS en FROM donations', DONATION_DESCRIPTIONS],
  ['season', 'SELECT id, name_en AS en FROM enrolment_seasons', SEASON_NAMES],
  ['season_description', 'SELECT id, description_en AS en FROM enrolment_seasons', SEASON_DESCRIPTIONS],
];

/**
 * Every demo row whose English the tables above know gets its ru, ar and pl text (idempotent: a stored one is kept).
 * Runs after the rest of the seed (tickets, memberships' price codes, the season exist by then).
 */
export async function seedLocalizedNames(q: Queryable): Promise<void> {
  const rows = new Map<string, [Entity, number, string, string]>();
  for (const [entity, sql, table] of SOURCES) {
    const translate = typeof table === 'function' ? table : (en: string) => table[en];
    for (const r of (await q.query<{ id: number; en: string }>(sql)).rows) {
      const n = translate(r.en);
      if (n) for (const l of ['ru', 'ar', 'pl'] as const) rows.set(`${entity}:${r.id}:${l}`, [entity, r.id, l, n[l]]);
    }
  }
  const all = [...rows.values()];
  for (let i = 0; i < all.length; i += 500) {
    const chunk = all.slice(i, i + 500);
    const values = chunk.map((_, j) => `($${j * 4 + 1}, $${j * 4 + 2}, $${j * 4 + 3}, $${j * 4 + 4})`).join(',');
    await q.query(`INSERT INTO localized_names (entity, entity_id, locale, name) VALUES ${values} ON CONFLICT DO NOTHING`, chunk.flat());
  }
}
