/**
 * Spec section 2 slug helper for mini-site addresses: trim, lowercase, transliterate
 * accented Latin letters, separators to hyphens, keep only Latin letters, digits,
 * Hebrew and Arabic letters and hyphens, collapse repeated hyphens.
 */
export function slugify(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/ß/g, 'ss').replace(/æ/g, 'ae').replace(/ø/g, 'o').replace(/ł/g, 'l').replace(/đ/g, 'd')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_.,/\\:;|+]+/g, '-')
    .replace(/[^a-z0-9\u05d0-\u05ea\u0620-\u064a-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
