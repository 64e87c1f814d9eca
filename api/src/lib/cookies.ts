import { createHash } from 'node:crypto';

/** Session tokens are stored only as their SHA-256, so a leaked table cannot be replayed. */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Parses a Cookie header; the first occurrence of a name wins, malformed escapes stay raw. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (!k || k in out) continue;
    try {
      out[k] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      out[k] = part.slice(i + 1).trim();
    }
  }
  return out;
}
