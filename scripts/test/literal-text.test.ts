import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentFiles, literalTextIn } from '../lib/literal-text.ts';

const root = path.resolve(import.meta.dirname, '../..');
const APP_FOLDERS = ['host', 'shared', 'seatmap', 'mf-booking', 'mf-customer', 'mf-memberships', 'mf-vouchers', 'mf-preslive', 'mf-ticketref'];

describe('no user-facing text outside i18next', () => {
  it('finds JSX text and read-aloud attributes with letters, not symbols or expressions', () => {
    const code = `const A = () => <p title="Close" aria-label={t('x')}>Hello {name} ₪ 1/2 <b>{t('y')}</b><img alt={'Poster'} /></p>;`;
    expect(literalTextIn('a.tsx', code).map((x) => x.text).sort()).toEqual(['Hello', 'alt="Poster"', 'title="Close"']);
    expect(literalTextIn('b.tsx', `const B = () => <span aria-hidden="true">₪ × → 12</span>;`)).toEqual([]);
  });

  it('no component in any app writes text a visitor or a manager reads', () => {
    const files = componentFiles(APP_FOLDERS.map((d) => path.join(root, d, 'src')));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => literalTextIn(f)).map((x) => `${path.relative(root, x.file)}: ${x.text}`);
    expect(found).toEqual([]);
  });
});
