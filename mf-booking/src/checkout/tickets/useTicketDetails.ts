import { useEffect, useState } from 'react';
import type { OrderTicket, TicketGroup } from '@ticketing/shared';
import type { CartPresentation } from '../../cart/cartSlice';
import { useCurrentCustomerQuery } from '../../api/orderApi';
import { useLookupTicketMutation } from '../../api/checkoutApi';
import type { CheckoutTicket } from '../cartPayload';
import { failureCode } from '../errors';

type Ticket = TicketGroup['tickets'][number];

/** What the tickets step knows of each ticket type beyond the catalog, from the ticket lookup. */
export interface TicketDetails {
  /** The lookup's description (kind, prompts, walk-in, add-ons, rules), when it answered with one. */
  infoOf(ticketId: number): OrderTicket | undefined;
  /** The group with each ticket as the lookup describes it (the catalog's own fields otherwise). */
  detailed(g: TicketGroup): TicketGroup;
  /** Offered by quantity: not code-only, not member or points (those have their own buttons), not refused by the lookup. */
  sellable(tk: Ticket): boolean;
  /** Add-ons a seat's ticket offers (from the block, or the lookup for tickets the cart assigned by default). */
  addonPricesOf(tk: CheckoutTicket): Record<string, number>;
  /** An add-on's name as the ticket lookup gives it (issue 14 point 9: "Add-on 1" says nothing). */
  addonNameOf(tk: CheckoutTicket, id: number): string;
  /** The lookups of the current seats' groups (and customer) have answered: the step knows what it sells. */
  ready: boolean;
}

/** Looks up every ticket type of the seats' groups (again when the customer changes: member and points tickets depend on them). */
export function useTicketDetails(p: CartPresentation, groups: TicketGroup[]): TicketDetails {
  const pid = p.presentationId;
  const { data: customer } = useCurrentCustomerQuery();
  const info = customer?.customerInfo;
  const customerId = info?.CustomerId ?? null;
  // Member and points tickets are looked up only for a customer who can use them (the lookup refuses everyone else: a
  // 409 or 401 per ticket type on every visitor's tickets step); the catalog's kind says which they are.
  const memberOk = !!info?.Members.some((m) => m.isAvailable && m.allowMemberSaleTickets);
  const points = info ? info.LoyaltyPoints : -1;
  const [lookupDetails] = useLookupTicketMutation();
  const [details, setDetails] = useState<Record<string, OrderTicket | { error: string }>>({});
  const groupKey = [...new Set(p.seats.map((x) => x.TicketGroupId))].join(',');
  const lookupKey = `${pid}|${groupKey}|${customerId}`;
  const [answeredKey, setAnsweredKey] = useState<string | null>(null);
  useEffect(() => {
    if (!groups.length) return;
    let alive = true;
    const usable = (tk: Ticket) => tk.kind === 'member' ? memberOk
      : tk.kind === 'loyalty' ? tk.loyaltyPointsPrice !== null && points >= tk.loyaltyPointsPrice
      : true;
    const wanted = groups.filter((g) => groupKey.split(',').includes(String(g.id))).flatMap((g) => g.tickets.filter((tk) => !tk.isByCodeEnabled && usable(tk)).map((tk) => ({ g: g.id, tk: tk.id })));
    void Promise.all(wanted.map(async ({ g, tk }) => {
      try { return [String(tk), (await lookupDetails({ presentationId: pid, ticketId: tk, ticketGroupId: g }).unwrap()).ticket] as const; }
      catch (e) { return [String(tk), { error: failureCode(e) }] as const; }
    })).then((entries) => { if (alive) { setDetails(Object.fromEntries(entries)); setAnsweredKey(lookupKey); } });
    return () => { alive = false; };
  }, [pid, groups, groupKey, customerId, lookupKey, lookupDetails, memberOk, points]);

  const infoOf = (ticketId: number) => {
    const d = details[String(ticketId)];
    return d && !('error' in d) ? d : undefined;
  };
  return {
    ready: !groups.length || answeredKey === lookupKey,
    infoOf,
    detailed: (g) => ({ ...g, tickets: g.tickets.map((tk) => infoOf(tk.id) ?? tk) }),
    sellable: (tk) => {
      if (tk.isByCodeEnabled || tk.kind === 'member' || tk.kind === 'loyalty') return false;
      const d = details[String(tk.id)];
      if (!d) return true;
      if ('error' in d) return false;
      return d.kind !== 'member' && d.kind !== 'loyalty';
    },
    addonPricesOf: (tk) => {
      if (tk.addonPrices && Object.keys(tk.addonPrices).length) return tk.addonPrices;
      const d = infoOf(tk.ticketId);
      return d ? Object.fromEntries(d.addons.map((a) => [String(a.id), a.price])) : {};
    },
    addonNameOf: (tk, id) => infoOf(tk.ticketId)?.addons.find((a) => a.id === id)?.name ?? '',
  };
}
