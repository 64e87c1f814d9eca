/** A screening that has started can no longer be booked (the api refuses it: EVENT_PAST); video on demand never starts. */
export function isPastScreening(p: { dateTime: string; isVod?: boolean }, now = Date.now()): boolean {
  return !p.isVod && Date.parse(p.dateTime) <= now;
}
