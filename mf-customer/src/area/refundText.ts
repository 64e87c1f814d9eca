import { formatDayMonthYear, formatMoney, isolateLtr } from '@ticketing/shared';
import { maskVoucherReference, type CancelRefundSplit, type CancelReservationResponse } from '@ticketing/shared/contracts';

type Lang = Parameters<typeof formatMoney>[1];
type T = (k: string, o?: Record<string, unknown>) => string;
type Credit = NonNullable<CancelReservationResponse['credit']>;

/** A gift voucher named as on a receipt: its last four characters ("••••DEMO"), kept left to right in he and ar. */
export const maskedVoucher = (reference: string) => isolateLtr(maskVoucherReference(reference));

/** "A, B and C" in the visitor's language. */
const listOf = (lang: Lang, items: string[]) => new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);

/**
 * Where a cancellation's refund goes, as one phrase: "₪18.00 back to your card and ₪77.00 back to gift voucher ••••DEMO"
 * (only the parts that apply; the card part is the account credit when the visitor asked for it — after the cancel,
 * named by its voucher: "₪19.80 to your account credit, voucher ••••K7QX"); empty when nothing goes back. `back`: the
 * member tickets, loyalty points, a voucher's free tickets and coupon uses that come back (`extras` says them as "Also
 * back: …", or null when none).
 */
export function refundParts(t: T, split: CancelRefundSplit, lang: Lang, toCredit: boolean, credit?: Credit): { parts: string; extras: string | null; back: string[] } {
  const money: string[] = [];
  if (split.card > 0) {
    const amount = formatMoney(split.card, lang);
    if (toCredit && credit) money.push(t('area.reservations.partCreditVoucher', { amount, code: maskedVoucher(credit.reference) }));
    else money.push(t(toCredit ? 'area.reservations.partCredit' : 'area.reservations.partCard', { amount }));
  }
  for (const v of split.vouchers) {
    if (v.amount > 0) money.push(t('area.reservations.partVoucher', { amount: formatMoney(v.amount, lang), code: maskedVoucher(v.reference) }));
  }
  const back: string[] = [];
  if (split.memberTickets > 0) back.push(t('area.reservations.backMemberTickets', { n: split.memberTickets }));
  if (split.loyaltyPoints > 0) back.push(t('area.reservations.backLoyaltyPoints', { n: split.loyaltyPoints }));
  if (split.voucherTickets > 0) back.push(t('area.reservations.backVoucherTickets', { n: split.voucherTickets }));
  if (split.couponUses > 0) back.push(t('area.reservations.backCouponUses', { n: split.couponUses }));
  return {
    parts: money.length ? listOf(lang, money) : '',
    extras: back.length ? t('area.reservations.alsoBack', { items: listOf(lang, back) }) : null,
    back,
  };
}

export interface SentenceKeys {
  /** "…: {{parts}}" — where the money goes. */
  split: string;
  /** The refund alone (an api without the split). */
  plain: string;
  /** Tickets that cost nothing (a member ticket): no money, no fee — only what comes back ({{items}}). */
  backOnly: string;
  /** Tickets that cost nothing and gave nothing back. */
  nothing: string;
}

/**
 * A refund as a sentence, and where it goes: the quote "You will get ₪95.00 back (₪10.00 cancellation fee withheld):
 * ₪18.00 back to your card and ₪77.00 back to gift voucher ••••DEMO.", the outcome "Cancelled: … (₪10.00 fee
 * withheld)." Tickets that cost nothing (a ₪0 member ticket) say only what comes back: "Cancelled. Back to you: member
 * tickets: 1." (it said "₪0.00 back to your card (fee ₪0.00 withheld)"). An api without the split: the refund alone.
 * After a cancel to the account credit, its voucher's balance, date and how to pay with it follow.
 */
export function refundSentence(
  t: T, r: { refund: number; fee: number; split?: CancelRefundSplit }, lang: Lang, toCredit: boolean, keys: SentenceKeys, credit?: Credit,
): string {
  const split = r.split && refundParts(t, r.split, lang, toCredit, credit);
  if (split && r.refund === 0 && r.fee === 0 && !split.parts) {
    return split.back.length ? t(keys.backOnly, { items: listOf(lang, split.back) }) : t(keys.nothing);
  }
  const amounts = { refund: formatMoney(r.refund, lang), fee: formatMoney(r.fee, lang) };
  const main = split?.parts ? t(keys.split, { ...amounts, parts: split.parts }) : t(keys.plain, amounts);
  const sentences = [main];
  if (split?.extras) sentences.push(split.extras);
  if (toCredit && credit && r.split && r.split.card > 0) {
    sentences.push(t('area.reservations.creditNow', {
      code: maskedVoucher(credit.reference), balance: formatMoney(credit.balance, lang), date: isolateLtr(formatDayMonthYear(credit.validUntil)),
    }));
  }
  return sentences.join(' ');
}
