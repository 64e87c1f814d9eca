import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner, formatMoney, type OrderTicket, type TicketGroup } from '@ticketing/shared';
import { NAMESPACE } from '../definition';
import { checkoutCartActions, type CartPresentation } from '../cart/cartSlice';
import { useTicketGroupsQuery, usePresentationQuery } from '../api/seatsApi';
import { useBuildCartMutation, useCurrentCustomerQuery, useLookupTicketMutation, useValidateMiniSiteReferenceMutation, useMiniSiteQuery } from '../api/checkoutApi';
import { readMiniSite } from '../minisite/miniSiteSession';
import { buildCartPayload, CartBuildError, cartTickets, type CheckoutTicket } from './cartPayload';
import { checkoutActions } from './checkoutSlice';
import { planCoupon } from './coupon';
import { validateReference } from './customerInfo';
import { failureCode, failureText } from './errors';
import { useCheckoutDispatch, useCheckoutSelector, useLocale } from './hooks';
import { usePersistCheckout } from './persist';
import { applyEntries, checkGroups, distribute, isPinned, pinKey, quantitiesOf, restoreEntries, type SeatTicketEntry } from './ticketAssign';
import { computeTotals } from './totals';
import type { StepProps } from './CustomerInfoStep';
import styles from './checkout.module.css';

type Message = { kind: 'error' | 'ok'; text: string };

/**
 * Step 1, choose tickets (issue 4 §1): ticket types per group with price, old price and service
 * charge; quantities per type that must cover the group's seats (× multiplier); tickets by code,
 * coupon and voucher with the spec's three coupon messages; removal restoring the previous ticket;
 * member and loyalty-points tickets; ref1/ref2 prompts; add-ons; walk-in.
 */
export function TicketsStep({ onNext, onBack }: StepProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const dispatch = useCheckoutDispatch();
  usePersistCheckout();
  const cart = useCheckoutSelector((s) => s.cart);
  const checkout = useCheckoutSelector((s) => s.checkout);
  const pid = cart.selectedPresentationId;
  const p: CartPresentation | undefined = pid ? cart.presentations[String(pid)] : undefined;
  const { data: tg, isLoading } = useTicketGroupsQuery({ id: pid ?? 0, locale: i18n.language }, { skip: !pid || !!p?.ticketGroups });
  const { data: pres } = usePresentationQuery({ id: pid ?? 0, locale: i18n.language }, { skip: !pid });
  const { data: customer } = useCurrentCustomerQuery();
  const miniSite = readMiniSite();
  const { data: ms } = useMiniSiteQuery({ url: miniSite?.url ?? '', locale: i18n.language }, { skip: !miniSite });
  const [lookup, lookupState] = useLookupTicketMutation();
  const [lookupDetails] = useLookupTicketMutation();
  /** Each ticket type as the ticket lookup describes it (kind, prompts, walk-in, add-ons, rules), or why it cannot be sold here. */
  const [details, setDetails] = useState<Record<string, OrderTicket | { error: string }>>({});
  const [priceCart, priceState] = useBuildCartMutation();
  const [validateRef] = useValidateMiniSiteReferenceMutation();
  const [code, setCode] = useState('');
  const [codeMsg, setCodeMsg] = useState<Message | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);
  const [refErrors, setRefErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const groups: TicketGroup[] = p?.ticketGroups ?? tg?.ticketGroups ?? [];
  const members = (customer?.customerInfo.Members ?? []).filter((m) => m.isAvailable && !m.isExpired && !m.isNotStarted);
  const points = customer?.customerInfo.LoyaltyPoints ?? 0;

  const customerId = customer?.customerInfo.CustomerId ?? null;
  const groupKey = (p?.seats ? [...new Set(p.seats.map((x) => x.TicketGroupId))] : []).join(',');
  useEffect(() => {
    if (!pid || !groups.length) return;
    let alive = true;
    const wanted = groups.filter((g) => groupKey.split(',').includes(String(g.id))).flatMap((g) => g.tickets.filter((tk) => !tk.isByCodeEnabled).map((tk) => ({ g: g.id, tk: tk.id })));
    void Promise.all(wanted.map(async ({ g, tk }) => {
      try { return [String(tk), (await lookupDetails({ presentationId: pid, ticketId: tk, ticketGroupId: g }).unwrap()).ticket] as const; }
      catch (e) { return [String(tk), { error: failureCode(e) }] as const; }
    })).then((entries) => { if (alive) setDetails(Object.fromEntries(entries)); });
    return () => { alive = false; };
  }, [pid, groups, groupKey, customerId, lookupDetails]);

  /** The group with each ticket as the lookup describes it (the catalog's own fields otherwise). */
  const detailed = (g: TicketGroup): TicketGroup => ({ ...g, tickets: g.tickets.map((tk) => { const d = details[String(tk.id)]; return d && !('error' in d) ? d : tk; }) });
  /** Offered by quantity: not code-only, not member or points (those have their own buttons), not refused by the lookup. */
  const sellable = (tk: TicketGroup['tickets'][number]) => {
    if (tk.isByCodeEnabled) return false;
    const d = details[String(tk.id)];
    if (!d) return true;
    if ('error' in d) return false;
    return d.kind !== 'member' && d.kind !== 'loyalty';
  };

  /** Add-ons a seat's ticket offers (from the block, or the lookup for tickets the cart assigned by default). */
  const addonPricesOf = (tk: CheckoutTicket): Record<string, number> => {
    if (tk.addonPrices && Object.keys(tk.addonPrices).length) return tk.addonPrices;
    const d = details[String(tk.ticketId)];
    return d && !('error' in d) ? Object.fromEntries(d.addons.map((a) => [String(a.id), a.price])) : {};
  };

  const seatGroups = useMemo(() => {
    if (!p) return [];
    const ids = [...new Set(p.seats.map((s) => s.TicketGroupId))];
    return ids.map((id) => ({ group: groups.find((g) => g.id === id), seats: p.seats.filter((s) => s.TicketGroupId === id) }));
  }, [p, groups]);

  const totals = computeTotals({ tickets: cartTickets(cart).map((x) => ({ amount: x.amount, serviceCharge: x.serviceCharge, isLoyaltyPointsRedemption: x.isLoyaltyPointsRedemption, addons: x.selectedAddons.map((id) => ({ price: x.addonPrices?.[String(id)] ?? 0 })) })), products: [] });
  const applied = useMemo(() => {
    const m = new Map<string, { code: string; name: string; seats: number }>();
    for (const s of p?.seats ?? []) {
      const tk = s.ticket as CheckoutTicket | null;
      if (!tk || !isPinned(tk)) continue;
      const k = pinKey(tk);
      const cur = m.get(k) ?? { code: k, name: tk.name, seats: 0 };
      cur.seats += 1;
      m.set(k, cur);
    }
    return [...m.values()];
  }, [p]);

  if (!p) return <p role="alert" className="tx-error">{t('tickets.noSeats')}</p>;
  if (isLoading && !groups.length) return <Spinner />;

  const set = (entries: SeatTicketEntry[]) => dispatch(checkoutCartActions.seatTicketsSet({ presentationId: p.presentationId, entries }));

  const setQuantity = (group: TicketGroup, ticketId: number, q: number) => {
    const quantities = { ...quantitiesOf(p, group.id), [String(ticketId)]: Math.max(0, q) };
    set(distribute(p, detailed(group), quantities));
  };

  /** Applies a looked-up ticket (code, coupon, voucher, member, points) to eligible seats. */
  const applyTicket = (ticket: OrderTicket, requested?: number) => {
    const factor = Math.max(1, ticket.multiplyFactor);
    const ticketsLeft = requested != null ? requested * factor : ticket.balance ?? (ticket.kind === 'coupon' ? null : factor);
    const plan = planCoupon(p.seats.map((s) => ({ key: s.key, ticketGroupId: s.TicketGroupId, code: isPinned(s.ticket as CheckoutTicket) ? 'pinned' : null })), { ticketGroupId: ticket.ticketGroupId, multiplyFactor: factor, ticketsLeft });
    if (!plan.ok) {
      setCodeMsg({ kind: 'error', text: plan.error === 'COUPON_MORE_TICKETS' ? t('tickets.coupon.moreTickets', { count: plan.count }) : t(plan.error === 'COUPON_USED' ? 'tickets.coupon.used' : 'tickets.coupon.noTickets') });
      return false;
    }
    set(applyEntries(p, ticket, plan.seatKeys, plan.factor));
    setCodeMsg({ kind: 'ok', text: t('tickets.coupon.applied', { name: ticket.name, count: plan.seatKeys.length }) });
    return true;
  };

  /** true = applied, false = refused (message shown), 'next' = not in this group (only when another group may be tried). */
  const runLookup = async (args: Parameters<typeof lookup>[0], requested?: number, tryNext = false): Promise<boolean | 'next'> => {
    setCodeMsg(null);
    try {
      const r = await lookup({ ...args, presentationId: p.presentationId, isHold: cart.isHold || undefined }).unwrap();
      return applyTicket(r.ticket, requested);
    } catch (e) {
      const c = failureCode(e);
      if (tryNext && (c === 'COUPON_NO_TICKETS' || c === 'TICKET_NOT_IN_GROUP' || c === 'ticketNotFound')) return 'next';
      const text = c === 'COUPON_USED' ? t('tickets.coupon.used') : c === 'COUPON_NO_TICKETS' ? t('tickets.coupon.noTickets')
        : c === 'COUPON_MORE_TICKETS' ? t('tickets.coupon.moreTickets', { count: Number(((e as { data?: { count?: number } }).data?.count) ?? 1) })
        : failureText(t, e);
      setCodeMsg({ kind: 'error', text });
      return false;
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    const c = code.trim();
    if (!c) { setCodeMsg({ kind: 'error', text: t('common:validation.required') }); return; }
    if (applied.some((a) => a.code.toLowerCase() === c.toLowerCase())) { setCodeMsg({ kind: 'error', text: t('tickets.coupon.used') }); return; }
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

  const removeCode = (c: string) => { set(restoreEntries(p, c)); setCodeMsg({ kind: 'ok', text: t('tickets.coupon.removed', { code: c }) }); };

  const setRef = (key: string, which: 'ref1' | 'ref2', value: string) => {
    const seat = p.seats.find((s) => s.key === key);
    if (!seat?.ticket) return;
    set([{ key, ticket: { ...(seat.ticket as CheckoutTicket), [which]: value } }]);
  };
  const toggleAddon = (key: string, addonId: number, index: number, on: boolean) => {
    const seat = p.seats.find((s) => s.key === key);
    if (!seat?.ticket) return;
    const cur = seat.ticket.selectedAddons;
    const selectedAddons = on ? [...new Set([...cur, addonId])] : cur.filter((x) => x !== addonId);
    const ticket: CheckoutTicket = { ...(seat.ticket as CheckoutTicket), selectedAddons, addonPrices: addonPricesOf(seat.ticket as CheckoutTicket) };
    set([{ key, ticket, isFirstAddonSelected: index === 0 ? on : seat.isFirstAddonSelected }]);
  };

  const walkinNeeded = p.seats.some((s) => (s.ticket as CheckoutTicket | null)?.walkin);

  const next = async () => {
    setTried(true);
    setStepError(null);
    const fail = (text: string) => { setStepError(text); requestAnimationFrame(() => errorRef.current?.focus()); };
    const uncovered = checkGroups(p).filter((g) => g.covered < g.seats);
    if (uncovered.length) return fail(t('tickets.mismatch', { count: uncovered.reduce((n, g) => n + g.seats - g.covered, 0) }));
    // Reference prompts: required, letters and digits (spec 5), and the mini-site's own validation.
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
        try {
          const v = await validateRef({ url: miniSite.url, ticketId: tk.ticketId, reference1: tk.ref1, reference2: tk.ref2 ?? undefined }).unwrap();
          if (v.Balance <= 0) errs[`${s.key}:ref1`] = t('tickets.reference.noBalance');
        } catch (e) { errs[`${s.key}:ref1`] = failureText(t, e); }
      }
    }
    setRefErrors(errs);
    if (Object.keys(errs).length) {
      const first = Object.keys(errs)[0];
      requestAnimationFrame(() => document.getElementById(`ref-${first.replace(/[:_]/g, '-')}`)?.focus());
      return;
    }
    if (walkinNeeded && !checkout.walkin) return fail(t('tickets.walkin.required'));
    // Price the cart on the api: combination rules (minimum, maximum, companion, sold out) are checked there.
    try {
      const presentations = pres ? { [String(pres.presentation.id)]: pres.presentation } : {};
      const body = buildCartPayload(cart, checkout, { presentations, withoutCustomer: true, referralMiniSiteId: miniSite?.id });
      await priceCart({ cart: body, miniSiteUrl: miniSite?.url ?? null }).unwrap();
    } catch (e) {
      if (e instanceof CartBuildError) return fail(t(`booking:summary.errors.${e.code}`));
      return fail(failureText(t, e));
    }
    onNext?.();
  };

  return (
    <section className={styles.form} aria-labelledby="tickets-title" data-testid="tickets-step">
      <h2 id="tickets-title">{t('tickets.title')}</h2>
      {seatGroups.map(({ group, seats }) => {
        const q = group ? quantitiesOf(p, group.id) : {};
        const pinned = seats.filter((s) => isPinned(s.ticket as CheckoutTicket)).length;
        const covered = seats.filter((s) => s.ticket).length;
        return (
          <fieldset key={group?.id ?? seats[0].TicketGroupId} className={`tx-card ${styles.fieldset}`} data-testid="ticket-group">
            <legend>{t('tickets.group', { name: group?.name ?? '', count: seats.length })}</legend>
            {pinned > 0 && <p className={styles.note}>{t('tickets.pinnedSeats', { count: pinned })}</p>}
            <table className="tx-table">
              <thead>
                <tr><th scope="col">{t('tickets.type')}</th><th scope="col">{t('tickets.price')}</th><th scope="col">{t('tickets.serviceCharge')}</th><th scope="col">{t('tickets.quantity')}</th></tr>
              </thead>
              <tbody>
                {(group ? detailed(group).tickets : []).filter((tk) => sellable(tk) || (details[String(tk.id)] as OrderTicket | undefined)?.kind === 'loyalty').map((tk) => {
                  const info = details[String(tk.id)] as OrderTicket | undefined;
                  const isLoyalty = info?.kind === 'loyalty';
                  const soldOut = info?.rules.remaining === 0;
                  const n = q[String(tk.id)] ?? 0;
                  const free = seats.length - pinned;
                  const used = Object.entries(q).reduce((sum, [id, k]) => sum + k * Math.max(1, group!.tickets.find((x) => x.id === Number(id))?.multiplyFactor ?? 1), 0);
                  const max = info?.rules.maxQuantity ?? null;
                  const canAdd = !soldOut && used + Math.max(1, tk.multiplyFactor) <= free && (max === null || n < max) && (info?.rules.remaining == null || n < info.rules.remaining);
                  const label = t('tickets.quantityOf', { name: tk.name });
                  return (
                    <tr key={tk.id} data-testid="ticket-type">
                      <th scope="row">
                        {tk.name}
                        {tk.multiplyFactor > 1 && <small className={styles.note}> {t('tickets.multiplier', { count: tk.multiplyFactor })}</small>}
                        {tk.walkin && <small className={styles.note}> {t('tickets.walkin.badge')}</small>}
                      </th>
                      <td>
                        {tk.oldPrice > tk.price && <del className={styles.oldPrice} aria-label={t('tickets.oldPrice', { price: formatMoney(tk.oldPrice, locale) })}>{formatMoney(tk.oldPrice, locale)}</del>} {formatMoney(tk.price, locale)}
                        {isLoyalty && tk.loyaltyPointsPrice != null && (
                          <button type="button" className={`tx-btn tx-btn-secondary ${styles.small}`} disabled={lookupState.isLoading || points < tk.loyaltyPointsPrice} onClick={() => void runLookup({ presentationId: p.presentationId, ticketId: tk.id, ticketGroupId: group!.id, quantity: 1 }, 1)}>
                            {t('tickets.loyalty.use', { points: tk.loyaltyPointsPrice })}
                          </button>
                        )}
                        {soldOut && <small className={styles.note}> {t('tickets.soldOut')}</small>}
                        {max !== null && !soldOut && <small className={styles.note}> {t('tickets.max', { count: max })}</small>}
                      </td>
                      <td>{formatMoney(tk.serviceCharge || p.serviceCharge, locale)}</td>
                      <td>
                        {!isLoyalty && <div className={styles.qty} role="group" aria-label={label}>
                          <button type="button" className="tx-btn tx-btn-secondary" aria-label={t('tickets.less', { name: tk.name })} disabled={n === 0} onClick={() => group && setQuantity(group, tk.id, n - 1)}>−</button>
                          <output aria-live="polite" className={styles.qtyValue} data-testid="ticket-qty">{n}</output>
                          <button type="button" className="tx-btn tx-btn-secondary" aria-label={t('tickets.more', { name: tk.name })} disabled={!canAdd} onClick={() => group && setQuantity(group, tk.id, n + 1)}>+</button>
                        </div>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className={covered < seats.length ? 'tx-error' : styles.note} role={tried && covered < seats.length ? 'alert' : undefined}>
              {t('tickets.covered', { covered, count: seats.length })}
            </p>
          </fieldset>
        );
      })}

      <form className={`tx-card ${styles.codeForm}`} onSubmit={(e) => void submitCode(e)} aria-labelledby="code-title" data-testid="code-form">
        <h3 id="code-title">{t('tickets.code.title')}</h3>
        <div className="tx-field">
          <label htmlFor="ticket-code">{t('tickets.code.label')}</label>
          <input id="ticket-code" value={code} dir="ltr" autoComplete="off" onChange={(e) => setCode(e.target.value)} aria-invalid={codeMsg?.kind === 'error'} aria-describedby={codeMsg ? 'ticket-code-msg' : undefined} />
        </div>
        <button type="submit" className="tx-btn tx-btn-secondary" disabled={lookupState.isLoading}>{t('tickets.code.apply')}</button>
        {codeMsg && <p id="ticket-code-msg" role={codeMsg.kind === 'error' ? 'alert' : 'status'} className={codeMsg.kind === 'error' ? 'tx-error' : styles.ok} data-testid="code-message">{codeMsg.text}</p>}
        {applied.length > 0 && (
          <ul className={styles.applied} aria-label={t('tickets.code.appliedList')}>
            {applied.map((a) => (
              <li key={a.code} data-testid="applied-code">
                <span>{t('tickets.code.appliedItem', { code: a.code, name: a.name, count: a.seats })}</span>
                <button type="button" className={`tx-btn tx-btn-secondary ${styles.small}`} onClick={() => removeCode(a.code)} aria-label={t('tickets.code.remove', { code: a.code })}>{t('tickets.code.removeShort')}</button>
              </li>
            ))}
          </ul>
        )}
      </form>

      {members.length > 0 && (
        <div className="tx-card" data-testid="member-tickets">
          <h3>{t('tickets.member.title')}</h3>
          <ul className={styles.applied}>
            {members.map((m) => (
              <li key={m.memberNumber}>
                <span>{t('tickets.member.item', { name: m.name, balance: m.balance - m.usedBalance })}</span>
                {m.allowMemberSaleTickets && m.balance - m.usedBalance > 0
                  ? <button type="button" className={`tx-btn tx-btn-secondary ${styles.small}`} disabled={lookupState.isLoading} onClick={() => void runLookup({ presentationId: p.presentationId, memberNumber: m.memberNumber }, 1)}>{t('tickets.member.use')}</button>
                  : <small className={styles.note}>{t(m.allowMemberSaleTickets ? 'tickets.member.noBalance' : 'tickets.member.notAllowed')}</small>}
              </li>
            ))}
          </ul>
        </div>
      )}

      <ul className={styles.seatList} aria-label={t('tickets.seats')}>
        {p.seats.map((s) => {
          const tk = s.ticket as CheckoutTicket | null;
          const addons = tk && !tk.isMultiplyFactorSubTicket ? Object.entries(addonPricesOf(tk)) : [];
          return (
            <li key={s.key} className={styles.seatItem} data-testid="seat-ticket">
              <span>{s.isGA ? t('tickets.gaSeat', { section: s.SectionName, seat: s.SeatName }) : t('tickets.seat', { section: s.SectionName, row: s.RowName, seat: s.SeatName })}</span>
              <strong>{tk ? (tk.isMultiplyFactorSubTicket ? t('tickets.subTicket', { name: tk.name }) : tk.name) : t('tickets.noTicket')}</strong>
              {tk && !tk.isMultiplyFactorSubTicket && (['ref1', 'ref2'] as const).filter((w) => tk[`${w}prompt`]).map((w) => {
                const id = `ref-${s.key.replace(/_/g, '-')}-${w}`;
                const err = refErrors[`${s.key}:${w}`];
                return (
                  <div key={w} className="tx-field">
                    <label htmlFor={id}>{tk[`${w}prompt`]} *</label>
                    <input id={id} value={tk[w] ?? ''} required aria-required aria-invalid={!!err} aria-describedby={err ? `${id}-error` : undefined} onChange={(e) => setRef(s.key, w, e.target.value)} />
                    {err && <p id={`${id}-error`} role="alert" className="tx-field-error">{err}</p>}
                  </div>
                );
              })}
              {addons.length > 0 && (
                <fieldset className={styles.addons}>
                  <legend>{t('tickets.addons')}</legend>
                  {addons.map(([id, price], i) => (
                    <div key={id} className={styles.check}>
                      <input id={`addon-${s.key}-${id}`} type="checkbox" checked={tk!.selectedAddons.includes(Number(id))} onChange={(e) => toggleAddon(s.key, Number(id), i, e.target.checked)} />
                      <label htmlFor={`addon-${s.key}-${id}`}>{t('tickets.addon', { n: i + 1, price: formatMoney(price, locale) })}</label>
                    </div>
                  ))}
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>

      {walkinNeeded && (
        <div className={styles.check}>
          <input id="walkin" type="checkbox" checked={checkout.walkin} onChange={(e) => dispatch(checkoutActions.setWalkin(e.target.checked))} aria-required />
          <label htmlFor="walkin">{t('tickets.walkin.confirm')} *</label>
        </div>
      )}

      <p className={styles.total} aria-live="polite" data-testid="tickets-total">{t('tickets.subtotal', { amount: formatMoney(totals.total, locale), count: totals.ticketCount })}</p>
      {stepError && <p ref={errorRef} tabIndex={-1} role="alert" className="tx-error" data-testid="tickets-error">{stepError}</p>}
      <div className={styles.actions}>
        {onBack && <button type="button" className="tx-btn tx-btn-secondary" onClick={onBack}>{t('common:actions.back')}</button>}
        <button type="button" className="tx-btn" onClick={() => void next()} disabled={priceState.isLoading} data-testid="tickets-next">{t('common:actions.next')}</button>
      </div>
    </section>
  );
}
