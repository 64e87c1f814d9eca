/**
 * An iCalendar (RFC 5545) file for the booked screening (issue 4 §7). Times are written in
 * UTC (the api's ISO date-times are UTC), so every calendar shows them in its own zone.
 */
export interface IcsEvent {
  uid: string;
  title: string;
  start: string; // ISO 8601
  durationMinutes: number;
  location: string;
  description: string;
  url?: string;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** RFC 5545 §3.3.11 text escaping. */
export const escapeIcsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/([,;])/g, '\\$1');

/** Lines longer than 75 octets are folded (RFC 5545 §3.1); we fold by characters, which is stricter for ASCII and safe for Hebrew. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 60) { out.push(rest.slice(0, 60)); rest = ` ${rest.slice(60)}`; }
  out.push(rest);
  return out.join('\r\n');
}

export function buildIcs(e: IcsEvent, now = new Date()): string {
  const start = new Date(e.start);
  const end = new Date(start.getTime() + Math.max(1, e.durationMinutes) * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ticketing//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeIcsText(e.title)}`,
    `LOCATION:${escapeIcsText(e.location)}`,
    `DESCRIPTION:${escapeIcsText(e.description)}`,
    ...(e.url ? [`URL:${e.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** Offers the file as a download (a Blob URL; nothing leaves the browser). */
export function downloadIcs(filename: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
