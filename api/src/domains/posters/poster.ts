/**
 * A film poster drawn as SVG from the film itself (no image files, no downloads): two colours chosen
 * from the film's id, a soft light and film-strip edges, the title set large and wrapped, then
 * genre · rating · minutes. Right-to-left titles (he, ar) are set right to left.
 */
export interface PosterFilm { id: number; title: string; genre: string; rating: string; minutes: number; rtl: boolean; minutesLabel: string }

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#1d2b64', '#f8cdda', '#ffe29f'], ['#0f2027', '#2c5364', '#ffb703'], ['#42275a', '#734b6d', '#ffd6a5'],
  ['#141e30', '#243b55', '#8ecae6'], ['#3a1c71', '#d76d77', '#ffaf7b'], ['#093028', '#237a57', '#e9f5db'],
  ['#2b1a0f', '#8e5b3a', '#f4d35e'], ['#1f1c2c', '#928dab', '#f1faee'], ['#4b134f', '#c94b4b', '#fcbf49'],
];

/** Title words wrapped to lines of at most `max` characters (a long word gets a line of its own). */
export function wrapTitle(title: string, max = 12): string[] {
  const lines: string[] = [];
  for (const w of title.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + w).length <= max) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return lines.slice(0, 5);
}

export function posterSvg(f: PosterFilm): string {
  const [a, b, light] = PALETTES[f.id % PALETTES.length]!;
  const lines = wrapTitle(f.title);
  const size = lines.some((l) => l.length > 9) ? 34 : 42;
  const top = 300 - (lines.length - 1) * size * 0.6;
  const dir = f.rtl ? ' direction="rtl"' : '';
  const holes = Array.from({ length: 14 }, (_, i) => `<rect x="6" y="${12 + i * 32}" width="10" height="16" rx="2"/><rect x="284" y="${12 + i * 32}" width="10" height="16" rx="2"/>`).join('');
  const text = lines.map((l, i) => `<tspan x="150" y="${Math.round(top + i * size * 1.15)}">${esc(l)}</tspan>`).join('');
  const meta = `${f.genre} · ${f.rating} · ${f.minutes} ${f.minutesLabel}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 450" width="300" height="450" role="img" aria-label="${esc(f.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
<radialGradient id="l" cx=".7" cy=".25" r=".6"><stop offset="0" stop-color="${light}" stop-opacity=".55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient></defs>
<rect width="300" height="450" fill="url(#g)"/><rect width="300" height="450" fill="url(#l)"/>
<circle cx="${60 + (f.id * 37) % 180}" cy="${120 + (f.id * 53) % 80}" r="${50 + (f.id * 13) % 40}" fill="${light}" fill-opacity=".18"/>
<g fill="#000" fill-opacity=".35">${holes}</g>
<text text-anchor="middle" font-family="system-ui, 'Noto Sans Hebrew', 'Noto Sans Arabic', Arial, sans-serif" font-weight="800" font-size="${size}" fill="#fff"${dir}>${text}</text>
<rect x="40" y="382" width="220" height="1" fill="#fff" fill-opacity=".5"/>
<text x="150" y="408" text-anchor="middle" font-family="system-ui, Arial, sans-serif" font-size="15" fill="#fff" fill-opacity=".9"${dir}>${esc(meta)}</text>
</svg>`;
}
