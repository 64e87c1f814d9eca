import { formatMoney, isolateLtr } from '@ticketing/shared';
import { maskVoucherReference, type CancelRefundSplit } from '@ticketing/shared/contracts';

type Lang = Parameters<typeof formatMoney>[1];
type T = (k: string, o?: Record<string, unknown>) => string;

/** A gift voucher named as on a receipt: its last four characters ("••••DEMO"), kept left to right in he and ar. */
export const maskedVoucher = (reference: string) => isolateLtr(maskVoucherReference(reference));

/** "A, B and C" in the visitor's language. */
const listOf = (lang: Lang, items: string[]) => new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);

/**
 * Where a cancellation's refund goes, as one phrase: "₪18.00 back to your card and ₪77.00 back to gift voucher ••••DEMO"
 * (only the parts that apply; the card part is the account credit when the visitor asked for it); empty when nothing
 * goes back. `extras`: member tickets, loyalty points, a voucher's free tickets and coupon uses that come back, or null.
 */
export function refundParts(t: T, split: CancelRefundSplit, lang: Lang, toCredit: boolean): { parts: string; extras: string | null } {
  const money: string[] = [];
  if (split.card > 0) money.push(t(toCredit ? 'area.reservations.partCredit' : 'area.reservations.partCard', { amount: formatMoney(split.card, lang) }));
  for (const v of split.vouchers) {
    if (v.amount > 0) money.push(t('area.reservations.partVoucher', { amount: formatMoney(v.amount, lang), code: maskedVoucher(v.reference) }));
  }
  const other: string[] = [];
  if (split.memberTickets > 0) other.push(t('area.reservations.backMemberTickets', { n: split.memberTickets }));
  if (split.loyaltyPoints > 0) other.push(t('area.reservations.backLoyaltyPoints', { n: split.loyaltyPoints }));
  if (split.voucherTickets > 0) other.push(t('area.reservations.backVoucherTickets', { n: split.voucherTickets }));
  if (split.couponUses > 0) other.push(t('area.reservations.backCouponUses', { n: split.couponUses }));
  return {
    parts: money.length ? listOf(lang, money) : '',
    extras: other.length ? t('area.reservations.alsoBack', { items: listOf(lang, other) }) : null,
  };
}
