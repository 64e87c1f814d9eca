/** The Hebrew or the English of a bilingual column pair, by the request's language (every other locale reads English). */
export const pick = <T>(lang: string, he: T, en: T): T => (lang === 'he' ? he : en);
