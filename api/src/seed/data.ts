/** Static demo data (Hebrew + English). Money in agorot. */

export const LOCATIONS = [
  // id, name_he, name_en, city_he, city_en, business_id, auth_profile_id, web_booking_offline
  [1, 'סינמה העיר תל אביב', 'City Cinema Tel Aviv', 'תל אביב', 'Tel Aviv', 1, 1, false],
  [2, 'סינמה העיר חיפה', 'City Cinema Haifa', 'חיפה', 'Haifa', 1, 1, false],
  [3, 'קולנוע ירושלים', 'Jerusalem Cinema', 'ירושלים', 'Jerusalem', 2, 2, false],
  [4, 'סינמה העיר באר שבע', 'City Cinema Beer Sheva', 'באר שבע', 'Beer Sheva', 1, 1, true],
] as const;

export const FEATURES = [
  // id, name_he, name_en, duration, rating, genre_he, genre_en, release offset days, is_vod
  [1, 'הים השקט', 'The Quiet Sea', 112, '12+', 'דרמה', 'Drama', -40, false],
  [2, 'לילה בנמל', 'Night at the Harbour', 98, '16+', 'מותחן', 'Thriller', -25, false],
  [3, 'הקיץ של נועה', "Noa's Summer", 104, 'G', 'קומדיה', 'Comedy', -18, false],
  [4, 'מסע לגליל', 'Journey to the Galilee', 121, 'PG', 'הרפתקאות', 'Adventure', -12, false],
  [5, 'כוכבים מעל הנגב', 'Stars over the Negev', 95, 'G', 'אנימציה', 'Animation', -9, false],
  [6, 'השעון האחרון', 'The Last Clock', 131, '16+', 'מדע בדיוני', 'Science fiction', -30, false],
  [7, 'חתונה ביפו', 'A Wedding in Jaffa', 101, '12+', 'קומדיה רומנטית', 'Romantic comedy', -5, false],
  [8, 'שומרי החומות', 'Keepers of the Walls', 142, '16+', 'פעולה', 'Action', -2, false],
  [9, 'הספרנית', 'The Librarian', 109, 'PG', 'דרמה', 'Drama', -60, false],
  [10, 'רוחות הכרמל', 'Winds of the Carmel', 117, '18+', 'אימה', 'Horror', 0, false],
  [11, 'אבא בחופשה', 'Dad on Holiday', 93, 'G', 'משפחה', 'Family', 3, false],
  [12, 'המסעדה', 'The Restaurant', 88, '12+', 'תיעודי', 'Documentary', -90, false],
  [13, 'קונצרט החורף', 'Winter Concert (live)', 150, 'G', 'מוזיקה', 'Music', -1, false],
  [14, 'סרט בבית: האי', 'At Home: The Island', 99, 'PG', 'דרמה', 'Drama', -120, true],
] as const;

/** venue: id, location, he, en, venueTypeId, seatingPolicyId, serviceCharge (agorot), layout */
export type Layout = 'hall' | 'ga' | 'mixed' | 'arena' | 'vod';
export const VENUES: ReadonlyArray<readonly [number, number, string, string, number, number, number, Layout]> = [
  [11, 1, 'אולם 1', 'Hall 1', 1, 3, 500, 'hall'],
  [12, 1, 'מועדון הגג (עמידה)', 'Rooftop Club (standing)', 2, 1, 500, 'ga'],
  [13, 1, 'אולם 3 (משולב)', 'Hall 3 (mixed)', 3, 1, 500, 'mixed'],
  [14, 1, 'ארנה מנורה', 'Menora Arena', 4, 3, 1500, 'arena'],
  [15, 1, 'צפייה ביתית', 'Watch at home', 101, 1, 0, 'vod'],
  [16, 1, 'צפייה ביתית פרימיום', 'Watch at home premium', 103, 1, 0, 'vod'],
  [21, 2, 'אולם 1', 'Hall 1', 1, 1, 500, 'hall'],
  [22, 2, 'אולם הקונצרטים (עמידה)', 'Concert Hall (standing)', 2, 1, 500, 'ga'],
  [23, 2, 'אולם 3 (משולב)', 'Hall 3 (mixed)', 3, 3, 500, 'mixed'],
  [31, 3, 'אולם 1', 'Hall 1', 1, 3, 600, 'hall'],
  [32, 3, 'חצר הסינמטק (עמידה)', 'Cinematheque Yard (standing)', 2, 1, 600, 'ga'],
  [33, 3, 'אולם 3 (משולב)', 'Hall 3 (mixed)', 3, 1, 600, 'mixed'],
  [41, 4, 'אולם 1', 'Hall 1', 1, 1, 500, 'hall'],
];

/** Local start times per layout (Asia/Jerusalem). */
export const SLOTS: Record<Layout, string[]> = {
  hall: ['11:00', '13:45', '16:30', '19:15', '21:45'],
  ga: ['19:00', '22:00'],
  mixed: ['15:30', '18:00', '20:30'],
  arena: ['20:45'],
  vod: ['08:00'],
};

/** Ticket kinds created for every ticket group: code, he, en, price factor (‰ of base), multiplyFactor, by code. */
export const TICKET_KINDS = [
  ['regular', 'רגיל', 'Regular', 1000, 1, false],
  ['student', 'סטודנט', 'Student', 860, 1, false],
  ['senior', 'אזרח ותיק', 'Senior citizen', 700, 1, false],
  ['child', 'ילד (עד 12)', 'Child (under 12)', 760, 1, false],
  ['couple', 'זוגי (2 כרטיסים)', 'Couple (2 tickets)', 1820, 2, false],
  ['code', 'הטבת קוד', 'Code benefit', 550, 1, true],
] as const;

export const PRODUCTS = [
  [1, 'פופקורן קטן', 'Small popcorn', 'food', 1800, false],
  [2, 'פופקורן גדול', 'Large popcorn', 'food', 2600, false],
  [3, 'נאצ׳וס', 'Nachos', 'food', 2400, false],
  [4, 'שתייה קלה', 'Soft drink', 'drinks', 1400, false],
  [5, 'מים מינרליים', 'Mineral water', 'drinks', 900, false],
  [6, 'משקפי תלת-ממד', '3D glasses', 'glasses', 500, false],
  [7, 'קומבו זוגי', 'Couple combo', 'food', 5500, false],
  [8, 'מארז מתנה עם משלוח', 'Gift box (delivered)', 'gift', 9900, true],
] as const;

export const MEMBERSHIPS = [
  // id, type, code, he, en, class he, class en, desc he, desc en, terms, series size
  // CLUB's description names what its members get: member_tickets (10, migration 220) member tickets, each ₪0 plus
  // the service charge (the customer area's "tickets left" and the booking's "Member ticket"), not a discount; the
  // member ticket is sold in 'regular' ticket groups only (seed/orders.ts), so not on premium seats.
  [1, 1, 'CLUB', 'מועדון הקולנוע', 'Cinema Club', 'מנוי שנתי', 'Annual', '10 כרטיסי מנוי לשנה, כל כרטיס ללא תשלום (בתוספת דמי טיפול), במושבים רגילים (לא פרימיום)', '10 member tickets for a year, each free of charge (plus the service charge), on regular seats (not premium)', 1, null],
  [2, 2, 'SERIES6', 'סדרת 6 סרטים', 'Six-film series', 'סדרה', 'Series', 'בחרו 6 הקרנות במחיר מוזל', 'Choose 6 screenings at a reduced price', 2, 6],
  [3, 1, 'STUDENT', 'כרטיס סטודנט', 'Student card', 'סטודנט', 'Student', 'כרטיסים במחיר סטודנט', 'Student price tickets', 1, null],
  [4, 1, 'GOLD', 'גיל הזהב', 'Golden age', 'ותיקים', 'Seniors', 'הקרנות בוקר חינם', 'Free morning screenings', 1, null],
] as const;

export const MEMBERSHIP_PRICES = [
  // id, membership, code, he, en, price, discount
  [11, 1, 'SINGLE', 'יחיד', 'Single', 12000, 20],
  [12, 1, 'COUPLE', 'זוגי', 'Couple', 20000, 20],
  [21, 2, 'SERIES', 'סדרה', 'Series', 21000, null],
  [31, 3, 'STUDENT', 'סטודנט', 'Student', 6000, 30],
  [41, 4, 'GOLD', 'ותיק', 'Senior', 9000, 40],
] as const;

export const VOUCHER_SUPER_CLASSES = [
  [1, 'כרטיסי מתנה', 'Gift cards'],
  [2, 'חוויות', 'Experiences'],
] as const;

export const SYSTEM_VOUCHERS = [
  // id, class, super, he, en, desc he, desc en, validity days, terms
  [1, 11, 1, 'כרטיס מתנה 100 ₪', 'Gift card ₪100', 'לשימוש בכל סניפי הרשת', 'Use at any of our cinemas', 365, 3],
  [2, 11, 1, 'כרטיס מתנה 200 ₪', 'Gift card ₪200', 'לשימוש בכל סניפי הרשת', 'Use at any of our cinemas', 365, 3],
  [3, 12, 1, 'כרטיס מתנה בסכום פתוח', 'Gift card, any amount', 'מתנה לכל סרט והצגה, בסכום שתבחרו', 'A gift for any film or show, in the amount you choose', 365, 3],
  [4, 21, 2, 'סרט ופופקורן', 'Movie and popcorn', 'כרטיס ופופקורן גדול', 'One ticket and a large popcorn', 180, 4],
  [5, 22, 2, 'ערב זוגי VIP', 'VIP couple night', 'שני כרטיסי פרימיום וקומבו זוגי', 'Two premium tickets and a couple combo', 180, 4],
] as const;

export const VOUCHER_PRICES = [
  // id, voucher, price, open, min, max, redemption
  [1, 1, 10000, false, null, null, [{ reference: 'GIFT100', price: 10000 }]],
  [2, 2, 20000, false, null, null, [{ reference: 'GIFT200', price: 20000 }]],
  [3, 3, 10000, true, 5000, 100000, [{ reference: 'GIFTOPEN', price: 0 }]],
  [4, 4, 6500, false, null, null, [{ reference: 'TICKET', price: 4500 }, { reference: 'POPCORN', price: 2000 }]],
  [5, 5, 19000, false, null, null, [{ reference: 'PREMIUM', price: 13000 }, { reference: 'COMBO', price: 6000 }]],
] as const;

export const DONATIONS = [
  [1, 'KIDS', 'קולנוע לילדים בפריפריה', 'Cinema for children in the periphery', 'הקרנות חינם לילדים', 'Free screenings for children'],
  [2, 'ARCHIVE', 'שימור ארכיון הסרטים', 'Film archive preservation', 'שימור סרטים ישראליים', 'Preserving Israeli films'],
] as const;

export const DONATION_DETAILS = [
  [11, 1, 1800, false],
  [12, 1, 3600, false],
  [13, 1, 10000, false],
  [14, 1, 1000, true],
  [21, 2, 5000, false],
  [22, 2, 18000, false],
  [23, 2, 2000, true],
] as const;
