import { useState, type ComponentType } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { currentLocale, customerSignInUrl, formatMoney, ORDER_STEP_READINGS, Spinner, type LockTimer, type OrderStepId, type Presentation } from '@ticketing/shared';
import type { BookingState } from '../store';
import { usePricedCart } from '../checkout/usePricedCart';
import { useCurrentCustomerQuery } from '../api/orderApi';
import { NAMESPACE } from '../locales';
import { SeatSelection } from '@ticketing/seatmap';
import { bookingSeatBinding } from './seatBinding';
import { useContinueCheck } from './useContinueCheck';
import { OrderBar } from './OrderBar';
import { WaitingListOffer } from './WaitingListOffer';
import * as Pages from '../pages';
import type { StepProps } from './stepProps';


export interface StepDef {
  /** Also the i18n key under order.steps. */
  id: 'chooseSeats' | 'chooseTickets' | 'customerInfo' | 'chooseProducts' | 'payment';
  /** The lock timer of the step, looked up by name (decisions.md: either step order works). */
  timer: keyof LockTimer | null;
  /** A step loaded as a chunk of its own has `preload` (lazyScreen): the page starts it before the step is shown. */
  Component: ComponentType<StepProps> & { preload?: () => Promise<void> };
}

/**
 * A step's name: video on demand has no seats to choose, only how many (the seat step's free-seating panel); a
 * standing venue has places, not seats (QA, sixteenth session: "Choose seats" above "Standing floor").
 */
export function stepName(t: TFunction, id: StepDef['id'], p: Pick<Presentation, 'isVod' | 'seatingMode'>): string {
  if (id === 'chooseSeats' && p.isVod) return t('order.stepsVod.chooseSeats');
  if (id === 'chooseSeats' && (p.seatingMode === 'singleGA' || p.seatingMode === 'multiGA')) return t('order.stepsGa.chooseSeats');
  return t(`order.steps.${id}`);
}

/**
 * Video on demand is played from the customer area, so only a signed-in customer can buy it (the api refuses the sale
 * otherwise): before the quantity, a visitor who is not signed in is asked to, and comes back to this order.
 */
function VodSignIn() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="tx-card" role="status" data-testid="vod-sign-in">
      <p>{t('order.vodSignIn')}</p>
      <a className="tx-btn" data-spa href={customerSignInUrl()}>{t('order.vodSignInLink')}</a>
    </div>
  );
}

/** Step 0: the seat map. Continue is enabled once every selected seat is held and the selection keeps the rules. */
function ChooseSeatsStep(props: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  // Asked again on every mount: back from signing in, a cached "nobody" is stale.
  const { data: customer, isLoading } = useCurrentCustomerQuery(undefined, { skip: !props.presentation.isVod, refetchOnMountOrArgChange: true });
  if (!props.presentation.isVod || customer?.customerInfo) return <SeatsOrQuantity {...props} />;
  return <><h2>{stepName(t, 'chooseSeats', props.presentation)}</h2>{isLoading ? <Spinner /> : <VodSignIn />}</>;
}

function SeatsOrQuantity({ presentation, groupName, onNext, onMapPainted, mapPainted }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const [valid, setValid] = useState(false);
  const count = useSelector((s: BookingState) => s.cart.presentations[presentation.id]?.seats.length ?? 0);
  const { order } = usePricedCart(presentation);
  const next = useContinueCheck(presentation.id, onNext);
  return (
    <>
      <h2>{stepName(t, 'chooseSeats', presentation)}</h2>
      {/* sold out (or few places left): the waiting list comes first, before a map with nothing to choose */}
      <WaitingListOffer presentation={presentation} />
      <SeatSelection presentation={presentation} groupName={groupName} onValidityChange={setValid} binding={bookingSeatBinding}
        continueRefusal={next.refusal} onContinueRefusalClear={next.clear} onFirstPaint={onMapPainted} />
      {/* On a phone this bar stays at the bottom of the screen: the clock, seats chosen, the api's total, Continue (issue 14 point 7). */}
      <OrderBar
        waiting={!mapPainted}
        summary={<>{t(presentation.isVod ? 'order.vodChosen' : 'order.seatsChosen', { count })}{order && count > 0 ? ` · ${formatMoney(order.totalAmount, currentLocale())}` : ''}</>}
        action={<button type="button" className="tx-btn" disabled={!valid || next.checking} onClick={() => void next.onContinue()} data-testid="step-next">{t('order.continue')}</button>}
      />
    </>
  );
}

const STEP_DEFS: Record<StepDef['id'], StepDef> = {
  chooseSeats: { id: 'chooseSeats', timer: 'chooseSeatsInSeconds', Component: ChooseSeatsStep },
  chooseTickets: { id: 'chooseTickets', timer: 'chooseTicketsInSeconds', Component: Pages.TicketsStep },
  customerInfo: { id: 'customerInfo', timer: 'customerInfoInSeconds', Component: Pages.CustomerInfoStep },
  chooseProducts: { id: 'chooseProducts', timer: 'chooseProductsInSeconds', Component: Pages.ProductsStep },
  payment: { id: 'payment', timer: null, Component: Pages.PaymentStep },
};

/** The ticket order of the spec's first reading: 0 choose seats, 1 choose tickets, 2 customer info, 3 choose products, then payment. */
export const ORDER_STEPS: StepDef[] = pick(ORDER_STEP_READINGS.first);

function pick(ids: readonly OrderStepId[]): StepDef[] {
  return ids.filter((id): id is StepDef['id'] => id !== 'confirmation').map((id) => STEP_DEFS[id]);
}

/**
 * The stepper of GET /config's orderSteps (issue 16 §2; the spec's two readings both work because each
 * step finds its lock timer by name). Confirmation is a page of its own, not a step; an order without
 * seats or payment is not an order, so a configuration lacking them falls back to the first reading.
 */
export function orderStepsFrom(ids: readonly OrderStepId[] | undefined): StepDef[] {
  const steps = pick(ids ?? []);
  const unique = new Set(steps.map((s) => s.id)).size === steps.length;
  return unique && steps[0]?.id === 'chooseSeats' && steps.at(-1)?.id === 'payment' ? steps : ORDER_STEPS;
}

/**
 * The code of what comes after step `step`: the next step, or the confirmation page after the last. The order page
 * loads it while the visitor is on this step, so that Continue shows it at once (see lazyScreen).
 */
export function preloadAfter(steps: StepDef[], step: number): Promise<void> | undefined {
  return (steps[step + 1]?.Component ?? Pages.Confirmation).preload?.();
}
