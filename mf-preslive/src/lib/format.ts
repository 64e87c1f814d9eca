import { currentLocale, formatMoney } from '@ticketing/shared';

// One formatter per language (a dashboard formats hundreds of figures; constructing one costs more than using it).
const numbers = new Map<string, Intl.NumberFormat>();
export function num(n: number): string {
  const tag = currentLocale() === 'he' ? 'he-IL' : 'en-GB';
  let f = numbers.get(tag);
  if (!f) { f = new Intl.NumberFormat(tag, { numberingSystem: 'latn' }); numbers.set(tag, f); }
  return f.format(n);
}
export const money = (n: number) => formatMoney(n, currentLocale());
export const pct = (n: number) => `${n}%`;
