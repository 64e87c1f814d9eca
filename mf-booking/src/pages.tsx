import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Spinner } from '@ticketing/shared';

/**
 * Every lazily loaded screen of mf-booking, one hop from its route or step: checkout steps and pages are loaded when first shown: the seat map's first screen never
 * downloads the payment code, and the e-ticket page at the door downloads only what it shows.
 */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactElement = <Spinner />): (props: P) => ReactElement {
  const L = lazy(async () => ({ default: await load() }));
  function Lazy(props: P) {
    return <Suspense fallback={fallback}><L {...props} /></Suspense>;
  }
  return Lazy;
}

export const TicketsStep = lazyNamed(() => import(/* webpackChunkName: "step-tickets" */ './checkout/TicketsStep').then((m) => m.TicketsStep));
export const CustomerInfoStep = lazyNamed(() => import(/* webpackChunkName: "step-customer-info" */ './checkout/CustomerInfoStep').then((m) => m.CustomerInfoStep));
export const ProductsStep = lazyNamed(() => import(/* webpackChunkName: "step-products" */ './checkout/ProductsStep').then((m) => m.ProductsStep));
export const PaymentStep = lazyNamed(() => import(/* webpackChunkName: "step-payment" */ './checkout/PaymentStep').then((m) => m.PaymentStep));
export const Confirmation = lazyNamed(() => import(/* webpackChunkName: "confirmation" */ './confirmation/Confirmation').then((m) => m.Confirmation));
export const EDocumentPage = lazyNamed(() => import(/* webpackChunkName: "edocument" */ './edocument/EDocumentPage').then((m) => m.EDocumentPage));
export const MiniSitePage = lazyNamed(() => import(/* webpackChunkName: "minisite" */ './minisite/MiniSitePage').then((m) => m.MiniSitePage));
export const VodPage = lazyNamed(() => import(/* webpackChunkName: "vod" */ './vod/VodPage').then((m) => m.VodPage));
