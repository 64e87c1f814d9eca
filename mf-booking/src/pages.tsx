import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Spinner } from '@ticketing/shared';

/**
 * Every lazily loaded screen of mf-booking, one hop from its route or step: checkout steps and pages are loaded when first shown: the seat map's first screen never
 * downloads the payment code, and the e-ticket page at the door downloads only what it shows.
 */
function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactElement = <Spinner />): (props: P) => ReactElement {
  const L = lazy(async () => ({ default: await load() }));
  function Lazy(props: P) {
    return <Suspense fallback={fallback}><L {...props} /></Suspense>;
  }
  return Lazy;
}

/** What a page shows while its data loads: its code loading looks the same, so nothing moves in between (CLS). */
const pageLoading = <section className="tx-page"><Spinner /></section>;

/**
 * The order page and the seat change carry the seat map: the event list, every visitor's first screen, does not
 * download them (issue 12: `/order` bytes).
 */
const loadOrderPage = () => import(/* webpackChunkName: "order-page" */ './order/OrderPage');
const loadSeatChange = () => import(/* webpackChunkName: "seat-change" */ './seatchange/SeatChangePage');
export const OrderPage = lazyNamed(() => loadOrderPage().then((m) => m.OrderPage), pageLoading);
export const SeatChangePage = lazyNamed(() => loadSeatChange().then((m) => m.SeatChangePage), pageLoading);

/** Starts loading a seat-map page's code with the remote itself, beside its texts, instead of after its first render. */
export function preloadPage(pathname: string): void {
  const load = /^\/order\/\d+/.test(pathname) ? loadOrderPage : /^\/edocument\/[^/]+\/seats/.test(pathname) ? loadSeatChange : undefined;
  load?.().catch(() => { /* the page's own load reports it */ });
}

export const TicketsStep = lazyNamed(() => import(/* webpackChunkName: "step-tickets" */ './checkout/TicketsStep').then((m) => m.TicketsStep));
export const CustomerInfoStep = lazyNamed(() => import(/* webpackChunkName: "step-customer-info" */ './checkout/CustomerInfoStep').then((m) => m.CustomerInfoStep));
export const ProductsStep = lazyNamed(() => import(/* webpackChunkName: "step-products" */ './checkout/ProductsStep').then((m) => m.ProductsStep));
export const PaymentStep = lazyNamed(() => import(/* webpackChunkName: "step-payment" */ './checkout/PaymentStep').then((m) => m.PaymentStep));
export const Confirmation = lazyNamed(() => import(/* webpackChunkName: "confirmation" */ './confirmation/Confirmation').then((m) => m.Confirmation));
export const EDocumentPage = lazyNamed(() => import(/* webpackChunkName: "edocument" */ './edocument/EDocumentPage').then((m) => m.EDocumentPage));
export const MiniSitePage = lazyNamed(() => import(/* webpackChunkName: "minisite" */ './minisite/MiniSitePage').then((m) => m.MiniSitePage));
export const VodPage = lazyNamed(() => import(/* webpackChunkName: "vod" */ './vod/VodPage').then((m) => m.VodPage));
