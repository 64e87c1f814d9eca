import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The declarations of every rule whose selector is exactly `selector` in one of the remote's CSS modules. */
function declarations(file: string, selector: string): string {
  const css = readFileSync(resolve(__dirname, '../src', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)]
    .filter((m) => m[1]!.split(',').map((s) => s.trim()).includes(selector))
    .map((m) => m[2]!).join(';');
}

describe('staff pages on a 390 px phone', () => {
  // QA: /PRES-live/features was 406 px wide on a 390 px phone and the "choose a film" select was cut off: the field
  // (label and select) took the select's width, that of its longest option (a film and its cinema), plus a margin.
  it('keeps a field within its line: the select shortens and goes under its label', () => {
    const field = declarations('screens/screens.module.css', '.field');
    expect(field).toMatch(/max-inline-size:\s*100%/);
    expect(field).toMatch(/flex-wrap:\s*wrap/);
    expect(field).not.toMatch(/margin-inline(-end)?:/); // a margin beside 100% would overflow again
    const select = declarations('screens/screens.module.css', '.field select');
    expect(select).toMatch(/max-inline-size:\s*100%/);
    expect(select).toMatch(/min-inline-size:\s*0/);
  });

  // QA: the cinema name beside its bar was cut off ("סינמה העיר תל א…").
  it('lets a long name beside a bar wrap instead of cutting it off', () => {
    const label = declarations('lib/charts.module.css', '.barLabel');
    expect(label).not.toMatch(/nowrap|ellipsis/);
    expect(label).toMatch(/overflow-wrap:\s*anywhere/);
  });
});

describe('wide report tables on a 390 px phone (fifteenth session)', () => {
  // QA: the By date caption was cut ("הקרנות מ-27/11/2026 עד 26"): it is as wide as its table, which scrolls.
  it('lets a caption wrap within the visible box rather than run off with the table', () => {
    expect(declarations('lib/ReportTable.module.css', '.wrap div:has(> table)')).toMatch(/container-type:\s*inline-size/);
    const caption = declarations('lib/ReportTable.module.css', '.wrap caption');
    expect(caption).toMatch(/max-inline-size:\s*100cqi/);
    expect(caption).toMatch(/position:\s*sticky/);
    expect(caption).toMatch(/inset-inline-start:\s*0/);
    expect(caption).not.toMatch(/nowrap/);
  });

  it('fades the side where more columns are, on the inline end in either direction', () => {
    expect(declarations('lib/ReportTable.module.css', '.wrap [data-scroll-more]')).toMatch(/to right/);
    expect(declarations('lib/ReportTable.module.css', ":global([dir='rtl']) .wrap [data-scroll-more]")).toMatch(/to left/);
  });
});
