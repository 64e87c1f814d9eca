/**
 * Unicode isolates for a value placed inside a translated sentence: a Latin name, an e-mail, a rating ("PG-13") or a
 * date keeps its own order in a Hebrew or Arabic line (without them "48-hour rental" read "hour rental-48"). Text in
 * i18n values cannot carry <bdi>, so the isolate marks go in the value itself.
 */
/** First-strong isolate (FSI … PDI): the value's own first letter decides its direction (names, e-mails, ratings). */
export const isolate = (s: string): string => `\u2068${s}\u2069`;
/** Left-to-right isolate (LRI … PDI): digits and separators that must read left to right (dates, phone numbers). */
export const isolateLtr = (s: string): string => `\u2066${s}\u2069`;
