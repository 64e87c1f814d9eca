import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Presentation } from '@ticketing/shared';
import { NAMESPACE } from '../../locales';
import type { CartPresentation } from '../../cart/cartSlice';
import { useBuildCartMutation } from '../../api/orderApi';
import { useMiniSiteQuery, useValidateMiniSiteReferenceMutation } from '../../api/checkoutApi';
import { readMiniSite } from '../../minisite/miniSiteSession';
import { buildCartPayload, CartBuildError, type CheckoutTicket } from '../cartPayload';
import { validateReference } from '../customerInfo';
import { failureCode, failureText } from '../errors';
import { useCheckoutSelector } from '../hooks';
import { checkGroups } from '../ticketAssign';

/** Some seat's ticket is for walk-in visitors: the terms must be confirmed. */
export const needsWalkin = (p: CartPresentation): boolean => p.seats.some((s) => (s.ticket as CheckoutTicket | null)?.walkin);

export interface TicketsNext {
  next(): Promise<void>;
  /** The api is pricing the cart for "Next". */
  busy: boolean;
  /** Next was pressed once: uncovered groups say so as an alert from then on. */
  tried: boolean;
  error: string | null;
  errorRef: React.RefObject<HTMLParagraphElement | null>;
  /** Reference prompt errors by `seatKey:ref1|ref2`; '' marks a field whose error is its pair's (shown under ref2). */
  refErrors: Record<string, string>;
}

/**
 * "Next" of the tickets step: every seat covered, reference prompts valid (and within a mini-site's allotment),
 * walk-in terms confirmed, then the api prices the cart (combination rules: minimum, maximum, companion, sold out).
 */
export function useTicketsNext(p: CartPresentation, presentation: Presentation | undefined, onNext: (() => void) | undefined): TicketsNext {
  const { t, i18n } = useTranslation(NAMESPACE);
  const cart = useCheckoutSelector((s) => s.cart);
  const checkout = useCheckoutSelector((s) => s.checkout);
  const miniSite = readMiniSite();
  const { data: ms } = useMiniSiteQuery({ url: miniSite?.url ?? '', locale: i18n.language }, { skip: !miniSite });
  const [priceCart, priceState] = useBuildCartMutation();
  const [validateRef] = useValidateMiniSiteReferenceMutation();
  const [error, setError] = useState<string | null>(null);
  const [refErrors, setRefErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);

  /** Reference prompts: required, letters and digits (spec 5), and the mini-site's own validation. */
  const referenceErrors = async (): Promise<Record<string, string>> => {
    const errs: Record<string, string> = {};
    for (const s of p.seats) {
      const tk = s.ticket as CheckoutTicket | null;
      if (!tk || tk.isMultiplyFactorSubTicket) continue;
      for (const which of ['ref1', 'ref2'] as const) {
        if (!tk[`${which}prompt`]) continue;
        const err = validateReference(tk[which] ?? '');
        if (err) errs[`${s.key}:${which}`] = t(err.key, { ns: 'common', ...err.values });
      }
      if (!errs[`${s.key}:ref1`] && miniSite && (tk.kind === 'reference' || (tk.code && ms?.miniSite.referenceTicketCodes.includes(tk.code))) && ms?.miniSite.referenceTicketCodes.length && tk.ref1) {
        let refused: string | null = null;
        try {
          const v = await validateRef({ url: miniSite.url, ticketId: tk.ticketId, reference1: tk.ref1, reference2: tk.ref2 ?? undefined }).unwrap();
          if (v.Balance <= 0) refused = t('tickets.reference.noBalance');
        } catch (e) { refused = failureText(t, e); }
        // The partner judges the pair: both fields are marked, the text shown once under the second ('' = see it)
        if (refused !== null && tk.ref2prompt) Object.assign(errs, { [`${s.key}:ref1`]: '', [`${s.key}:ref2`]: refused });
        else if (refused !== null) errs[`${s.key}:ref1`] = refused;
      }
    }
    return errs;
  };

  const next = async () => {
    setTried(true);
    setError(null);
    const fail = (text: string) => { setError(text); requestAnimationFrame(() => errorRef.current?.focus()); };
    const uncovered = checkGroups(p).filter((g) => g.covered < g.seats);
    if (uncovered.length) return fail(t('tickets.mismatch', { count: uncovered.reduce((n, g) => n + g.seats - g.covered, 0) }));
    const errs = await referenceErrors();
    setRefErrors(errs);
    if (Object.keys(errs).length) {
      const first = Object.keys(errs)[0];
      requestAnimationFrame(() => document.getElementById(`ref-${first.replace(/[:_]/g, '-')}`)?.focus());
      return;
    }
    if (needsWalkin(p) && !checkout.walkin) return fail(t('tickets.walkin.required'));
    try {
      const presentations = presentation ? { [String(presentation.id)]: presentation } : {};
      const body = buildCartPayload(cart, checkout, { presentations, withoutCustomer: true, referralMiniSiteId: miniSite?.id });
      await priceCart({ cart: body, miniSiteUrl: miniSite?.url ?? null }).unwrap();
    } catch (e) {
      // Seats at another cinema (the browser's cart build or the api's 409, one text): the way on is the order page's
      // notice of that screening, with its two actions, so the focus goes there when it is shown.
      const code = e instanceof CartBuildError ? e.code : failureCode(e);
      if (code === 'INCOMPATIBLE_AUTH_PROFILE' || code === 'INCOMPATIBLE_BUSINESS') {
        setError(t(`booking:summary.errors.${code}`));
        const notice = document.getElementById('other-cinema-notice');
        if (notice) { requestAnimationFrame(() => notice.focus()); return; }
        requestAnimationFrame(() => errorRef.current?.focus());
        return;
      }
      if (e instanceof CartBuildError) return fail(t(`booking:summary.errors.${e.code}`));
      return fail(failureText(t, e));
    }
    onNext?.();
  };

  return { next, busy: priceState.isLoading, tried, error, errorRef, refErrors };
}
