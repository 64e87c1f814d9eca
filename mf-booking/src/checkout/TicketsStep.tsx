import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { ErrorNotice, Spinner, formatMoney, type ApiFailure, type Presentation, type TicketGroup } from '@ticketing/shared';
import { NAMESPACE } from '../locales';
import type { CartPresentation } from '../cart/cartSlice';
import { loadTicketGroups } from '../cart/cartThunks';
import { useTicketGroupsQuery, usePresentationQuery } from '../api/seatsApi';
import { useCurrentCustomerQuery } from '../api/orderApi';
import { checkoutActions } from './checkoutSlice';
import { useCheckoutDispatch, useCheckoutSelector, useLocale } from './hooks';
import { usePersistCheckout } from './persist';
import { usePricedCart } from './usePricedCart';
import { isPinned } from './ticketAssign';
import type { CheckoutTicket } from './cartPayload';
import { CodeForm } from './tickets/CodeForm';
import { MemberTickets } from './tickets/MemberTickets';
import { SeatTicketList } from './tickets/SeatTicketList';
import { TicketGroupTable } from './tickets/TicketGroupTable';
import { useTicketCodes } from './tickets/useTicketCodes';
import { useTicketDetails } from './tickets/useTicketDetails';
import { needsWalkin, useTicketsNext } from './tickets/useTicketsNext';
import type { StepProps } from '../order/stepProps';
import type { BookingDispatch } from '../store';
import styles from './checkout.module.css';

/**
 * Step 1, choose tickets (issue 4 §1): ticket types per group with price, old price and service
 * charge; quantities per type that must cover the group's seats (× multiplier); tickets by code,
 * coupon and voucher with the spec's three coupon messages; removal restoring the previous ticket;
 * member and loyalty-points tickets; ref1/ref2 prompts; add-ons; walk-in.
 * The parts live in `tickets/`: the group table, the code form, the seat list, and the hooks behind them.
 */
export function TicketsStep({ onNext, onBack }: Partial<StepProps>) {
  const { t, i18n } = useTranslation(NAMESPACE);
  usePersistCheckout();
  const dispatch = useDispatch<BookingDispatch>();
  const pid = useCheckoutSelector((s) => s.cart.selectedPresentationId);
  const p = useCheckoutSelector((s) => (pid ? s.cart.presentations[String(pid)] : undefined));
  const tgQ = useTicketGroupsQuery({ id: pid ?? 0, locale: i18n.language }, { skip: !pid || !!p?.ticketGroups });
  const { data: pres } = usePresentationQuery({ id: pid ?? 0, locale: i18n.language }, { skip: !pid });
  const tg = tgQ.currentData;
  const hasGroups = !!p?.ticketGroups;
  // The cart gives every seat its first ticket when it has the groups. The form waits for that: drawn
  // from this query alone, its Next could be pressed while seats still had no ticket ("not covered").
  useEffect(() => {
    if (pid && !hasGroups && tg) dispatch(loadTicketGroups({ presentationId: pid, ticketGroups: tg.ticketGroups, serviceCharge: tg.serviceCharge }));
  }, [pid, hasGroups, tg, dispatch]);

  if (!p) return <p role="alert" className="tx-error">{t('tickets.noSeats')}</p>;
  if (!p.ticketGroups) return tgQ.error ? <ErrorNotice messageKey={(tgQ.error as ApiFailure).key ?? 'errors.generic'} onRetry={tgQ.refetch} /> : <Spinner />;
  return <TicketsForm p={p} groups={p.ticketGroups} presentation={pres?.presentation} onNext={onNext} onBack={onBack} />;
}

interface FormProps extends Partial<StepProps> { p: CartPresentation; groups: TicketGroup[]; presentation: Presentation | undefined }

function TicketsForm({ p, groups, presentation, onNext, onBack }: FormProps) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const dispatch = useCheckoutDispatch();
  const walkin = useCheckoutSelector((s) => s.checkout.walkin);
  const { data: customer } = useCurrentCustomerQuery();
  const details = useTicketDetails(p, groups);
  const codes = useTicketCodes(p);
  const step = useTicketsNext(p, presentation, onNext);
  // The api prices the cart; this step shows its figures (issue 14 point 1), per seat and in total.
  const { order: quote } = usePricedCart(presentation);
  // A seat a member ticket can go on: its price group sells them (the catalog's kind) and it has no pinned ticket yet.
  const memberGroups = new Set(groups.filter((g) => g.tickets.some((tk) => tk.kind === 'member')).map((g) => g.id));
  const memberSeat = p.seats.find((s) => memberGroups.has(s.TicketGroupId) && !isPinned(s.ticket as CheckoutTicket | null));
  const seatGroups = [...new Set(p.seats.map((s) => s.TicketGroupId))]
    .map((id) => ({ id, group: groups.find((g) => g.id === id), seats: p.seats.filter((s) => s.TicketGroupId === id) }));

  return (
    <section className={styles.form} aria-labelledby="tickets-title" data-testid="tickets-step">
      <h2 id="tickets-title">{t('tickets.title')}</h2>
      {seatGroups.map(({ id, group, seats }) => (
        <TicketGroupTable
          key={id} p={p} group={group} seats={seats} details={details} tried={step.tried} vod={!!presentation?.isVod}
          points={customer?.customerInfo.LoyaltyPoints ?? 0} lookupBusy={codes.busy}
          onLoyalty={(g, ticketId) => void codes.runLookup({ presentationId: p.presentationId, ticketId, ticketGroupId: g.id, quantity: 1 }, 1)}
        />
      ))}
      <CodeForm codes={codes} />
      <MemberTickets busy={codes.busy} canUse={!!memberSeat}
        onUse={(memberNumber) => void codes.runLookup({ presentationId: p.presentationId, memberNumber, ticketGroupId: memberSeat?.TicketGroupId }, 1)} />
      <SeatTicketList p={p} quote={quote} details={details} refErrors={step.refErrors} vod={!!presentation?.isVod} />

      {needsWalkin(p) && (
        <div className="tx-check">
          <input id="walkin" type="checkbox" checked={walkin} onChange={(e) => dispatch(checkoutActions.setWalkin(e.target.checked))} aria-required />
          <label htmlFor="walkin">{t('tickets.walkin.confirm')} *</label>
        </div>
      )}

      {/* Its line is kept while the api prices the cart: the total arriving must not move Next under a visitor's finger. */}
      <p className={styles.total} aria-live="polite" data-testid={quote ? 'tickets-total' : undefined}>
        {/* the booking fee is the order's, not a ticket's: named, so the lines' prices and the total agree for the eye */}
        {quote ? t('tickets.subtotal', { amount: formatMoney(quote.totalAmount, locale), count: quote.totalTickets }) : '\u00a0'}
        {quote && quote.bookingFee > 0 ? ` (${t('tickets.feeIncluded', { fee: formatMoney(quote.bookingFee, locale) })})` : ''}
        {/* add-ons chosen earlier in this order are in the api's total: named, so "2 tickets" is not read as their price alone */}
        {quote && quote.productsAmount > 0 ? ` (${t('tickets.addonsIncluded', { amount: formatMoney(quote.productsAmount, locale) })})` : ''}
        {quote && quote.glasses > 0 ? ` (${t('tickets.glassesIncluded', { amount: formatMoney(quote.glasses, locale) })})` : ''}
      </p>
      {step.error && <p ref={step.errorRef} tabIndex={-1} role="alert" className="tx-error" data-testid="tickets-error">{step.error}</p>}
      <div className={styles.actions}>
        {onBack && <button type="button" className="tx-btn tx-btn-secondary" onClick={onBack}>{t('common:actions.back')}</button>}
        <button type="button" className="tx-btn" onClick={() => void step.next()} disabled={step.busy || !details.ready} aria-busy={!details.ready} data-testid="tickets-next">{t('order.continue')}</button>
      </div>
    </section>
  );
}
