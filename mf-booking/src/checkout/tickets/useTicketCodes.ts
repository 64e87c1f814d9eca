import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../locales';
import type { CartPresentation } from '../../cart/cartSlice';
import { useLookupTicketMutation } from '../../api/checkoutApi';
import type { CheckoutTicket } from '../cartPayload';
import { selectIsHold } from '../checkoutSlice';
import { failureCode, failureText } from '../errors';
import { useCheckoutSelector } from '../hooks';
import { isPinned, pinKey, restoreEntries } from '../ticketAssign';
import { useApplyTicket, useSetSeatTickets, type Message } from './useSeatTickets';

type LookupArgs = Parameters<ReturnType<typeof useLookupTicketMutation>[0]>[0];

export interface TicketCodes {
  code: string;
  setCode(code: string): void;
  message: Message | null;
  /** Codes, coupons, vouchers, member numbers and points in the cart, with the number of seats each covers; `shown`:
   *  what the visitor typed or holds (null for points tickets, named by the ticket alone). */
  applied: Array<{ code: string; shown: string | null; name: string; seats: number }>;
  busy: boolean;
  /** true = applied, false = refused (message shown), 'next' = not in this group (only when another group may be tried). */
  runLookup(args: LookupArgs, requested?: number, tryNext?: boolean): Promise<boolean | 'next'>;
  submitCode(e: FormEvent): Promise<void>;
  removeCode(code: string): void;
}

/** Tickets by code, coupon, voucher, member number or points: the lookup, its messages and the codes applied. */
export function useTicketCodes(p: CartPresentation): TicketCodes {
  const { t } = useTranslation(NAMESPACE);
  const isHold = useCheckoutSelector(selectIsHold);
  const [lookup, lookupState] = useLookupTicketMutation();
  const set = useSetSeatTickets(p);
  const applyTicket = useApplyTicket(p);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const applied = useMemo(() => {
    const m = new Map<string, TicketCodes['applied'][number]>();
    for (const s of p.seats) {
      const tk = s.ticket as CheckoutTicket | null;
      if (!tk || !isPinned(tk)) continue;
      const k = pinKey(tk);
      const cur = m.get(k) ?? { code: k, shown: tk.kind === 'loyalty' ? null : k, name: tk.name, seats: 0 };
      cur.seats += 1;
      m.set(k, cur);
    }
    return [...m.values()];
  }, [p]);

  const runLookup: TicketCodes['runLookup'] = async (args, requested, tryNext = false) => {
    setMessage(null);
    try {
      const r = await lookup({ ...args, presentationId: p.presentationId, isHold: isHold || undefined }).unwrap();
      const { applied: ok, message: m } = applyTicket(r.ticket, requested);
      setMessage(m);
      return ok;
    } catch (e) {
      const c = failureCode(e);
      if (tryNext && (c === 'COUPON_NO_TICKETS' || c === 'TICKET_NOT_IN_GROUP' || c === 'ticketNotFound')) return 'next';
      // a money gift card typed here (the api: it gives no ticket) pays on the payment step: said so, not "must be used
      // with other vouchers"
      const text = c === 'autoApplyVoucherRequired' ? t('tickets.coupon.giftCard')
        : c === 'COUPON_USED' ? t('tickets.coupon.used') : c === 'COUPON_NO_TICKETS' ? t('tickets.coupon.noTickets')
        : c === 'COUPON_MORE_TICKETS' ? t('tickets.coupon.moreTickets', { count: Number(((e as { data?: { count?: number } }).data?.count) ?? 1) })
        : failureText(t, e);
      setMessage({ kind: 'error', text });
      return false;
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    const c = code.trim();
    if (!c) { setMessage({ kind: 'error', text: t('common:validation.required') }); return; }
    if (applied.some((a) => a.code.toLowerCase() === c.toLowerCase())) { setMessage({ kind: 'error', text: t('tickets.coupon.used') }); return; }
    // Ask group by group (seats of several price groups): the api checks a coupon against that group's eligible seats.
    const groupIds = [...new Set(p.seats.map((x) => x.TicketGroupId))];
    const eligible = (g: number) => p.seats.filter((x) => x.TicketGroupId === g && !isPinned(x.ticket as CheckoutTicket)).length;
    const order = [...groupIds.filter((g) => eligible(g) > 0), ...groupIds.filter((g) => eligible(g) === 0)];
    for (let i = 0; i < order.length; i++) {
      const last = i === order.length - 1;
      const r = await runLookup({ presentationId: p.presentationId, ticketCode: c, ticketGroupId: order[i], eligibleSeats: eligible(order[i]) }, undefined, !last);
      if (r === true) { setCode(''); return; }
      if (r === false) return;
    }
  };

  const removeCode = (c: string) => { set(restoreEntries(p, c)); setMessage({ kind: 'ok', text: t('tickets.coupon.removed', { code: c }) }); };

  return { code, setCode, message, applied, busy: lookupState.isLoading, runLookup, submitCode, removeCode };
}
