import { currentLocale, formatMoney } from '@ticketing/shared';

export const num = (n: number) => new Intl.NumberFormat(currentLocale() === 'he' ? 'he-IL' : 'en-GB', { numberingSystem: 'latn' }).format(n);
export const money = (n: number) => formatMoney(n, currentLocale());
export const pct = (n: number) => `${n}%`;
