import { lazyScreen } from '@ticketing/shared';

/**
 * Every lazily loaded screen of mf-booking, one hop from its route or step: checkout steps and pages are loaded when
 * first shown: the seat map's first screen never downloads the payment code, and the e-ticket page at the door
 * downloads only what it shows.
 */
export const TicketsStep = lazyScreen(() => import(/* webpackChunkName: "step-tickets" */ './checkout/TicketsStep').then((m) => m.TicketsStep));
export const CustomerInfoStep = lazyScreen(() => import(/* webpackChunkName: "step-customer-info" */ './checkout/CustomerInfoStep').then((m) => m.CustomerInfoStep));
export const ProductsStep = lazyScreen(() => import(/* webpackChunkName: "step-products" */ './checkout/ProductsStep').then((m) => m.ProductsStep));
export const PaymentStep = lazyScreen(() => import(/* webpackChunkName: "step-payment" */ './checkout/PaymentStep').then((m) => m.PaymentStep));
export const Confirmation = lazyScreen(() => import(/* webpackChunkName: "confirmation" */ './confirmation/Confirmation').then((m) => m.Confirmation));
export const EDocumentPage = lazyScreen(() => import(/* webpackChunkName: "edocument" */ './edocument/EDocumentPage').then((m) => m.EDocumentPage));
export const MiniSitePage = lazyScreen(() => import(/* webpackChunkName: "minisite" */ './minisite/MiniSitePage').then((m) => m.MiniSitePage));
export const VodPage = lazyScreen(() => import(/* webpackChunkName: "vod" */ './vod/VodPage').then((m) => m.VodPage));
