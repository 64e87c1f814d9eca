import type { Queryable } from '../db/index.ts';
import { FEATURES, LOCATIONS, PRODUCTS, VENUES } from './data.ts';

/** ru, ar and pl names of the demo catalog, by the English name (he and en live in the catalog's own columns). */
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

/** Every seeded film, venue, cinema and product gets its ru, ar and pl name (idempotent). */
export async function seedLocalizedNames(q: Queryable): Promise<void> {
  const rows: Array<[string, number, string, string]> = [];
  const add = (entity: string, id: number, en: string, table: Record<string, Names>) => {
    const n = table[en];
    if (n) for (const l of ['ru', 'ar', 'pl'] as const) rows.push([entity, id, l, n[l]]);
  };
  for (const f of FEATURES) add('feature', f[0], f[2], FEATURE_NAMES);
  for (const l of LOCATIONS) add('location', l[0], l[2], LOCATION_NAMES);
  for (const v of VENUES) add('venue', v[0], v[3], VENUE_NAMES);
  for (const p of PRODUCTS) add('product', p[0], p[2], PRODUCT_NAMES);
  const params = rows.flat();
  const values = rows.map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`).join(',');
  await q.query(`INSERT INTO localized_names (entity, entity_id, locale, name) VALUES ${values} ON CONFLICT DO NOTHING`, params);
}
