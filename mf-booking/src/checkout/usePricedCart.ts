import { useEffect, useMemo } from 'react';
import type { OrderSummary, Presentation } from '@ticketing/shared';
import { useBuildCartMutation } from '../api/orderApi';
import { readMiniSite } from '../minisite/miniSiteSession';
import { buildCartPayload, type CheckoutTicket } from './cartPayload';
import { useCheckoutSelector } from './hooks';
import { fingerprint } from './idempotency';

const referencesMissing = (tk: CheckoutTicket | null) =>
  !!tk && !tk.isMultiplyFactorSubTicket && ((!!tk.ref1prompt && !tk.ref1?.trim()) || (!!tk.ref2prompt && !tk.ref2?.trim()));

/** How long the cart must stay unchanged before it is priced again (a burst of +/− clicks prices once). */
const QUOTE_DELAY_MS = 250;

/**
 * The api's price of the current cart (issue 14 point 1: one pricing source). Every step and the
 * phone's sticky bar show these figures, never a sum of their own. Re-priced whenever what is being
 * bought changes; `order` keeps the last answer while a new one is on its way.
 */
export function usePricedCart(presentation: Presentation | undefined): { order: OrderSummary | undefined; pricing: boolean; failed: unknown } {
  const cart = useCheckoutSelector((s) => s.cart);
  const checkout = useCheckoutSelector((s) => s.checkout);
  const miniSite = readMiniSite();
  const [quote, state] = useBuildCartMutation();
  const body = useMemo(() => {
    // A ticket whose reference prompts are still empty is not priced yet: the api refuses it (409 REF_REQUIRED, a
    // console error while the visitor has only chosen the ticket), and Next checks the references itself.
    if (Object.values(cart.presentations).some((p) => p.seats.some((s) => referencesMissing(s.ticket as CheckoutTicket | null)))) return null;
    try {
      const presentations = presentation ? { [String(presentation.id)]: presentation } : {};
      const built = buildCartPayload(cart, checkout, { presentations, withoutCustomer: true, referralMiniSiteId: miniSite?.id });
      return built.seats.some((s) => s.ticket) ? { ...built, paymentIdentifier: null } : null;
    } catch {
      return null;
    }
  }, [cart, checkout, presentation, miniSite?.id]);
  const key = body ? fingerprint(body) : null;
  useEffect(() => {
    if (!body) return;
    const h = setTimeout(() => { void quote({ cart: body, miniSiteUrl: miniSite?.url ?? null }).unwrap().catch(() => undefined); }, QUOTE_DELAY_MS);
    return () => clearTimeout(h);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { order: body ? state.data?.order : undefined, pricing: state.isLoading, failed: body ? state.error : undefined };
}
