import { lazyScreen, Spinner } from '@ticketing/shared';
import { withSeatmapTexts } from '@ticketing/seatmap/texts';

// The route-level pages that carry the seat map, each its own chunk; apart from pages.tsx because the order page
// itself uses the step chunks declared there (no import circle).

/** What a page shows while its data loads: its code loading looks the same, so nothing moves in between (CLS). */
const pageLoading = <section className="tx-page"><Spinner /></section>;

// The event list, every visitor's first screen, does not download them (issue 12: `/order` bytes).
// Both show the seat map: its texts (a chunk of their own, one language) are fetched beside their code, and the page
// counts as loaded once both are there (the map would otherwise show its placeholder first).
export const OrderPage = lazyScreen(() => withSeatmapTexts(import(/* webpackChunkName: "order-page" */ './order/OrderPage')).then((m) => m.OrderPage), pageLoading);
export const SeatChangePage = lazyScreen(() => withSeatmapTexts(import(/* webpackChunkName: "seat-change" */ './seatchange/SeatChangePage')).then((m) => m.SeatChangePage), pageLoading);

/**
 * Starts loading a seat-map page's code with the remote itself, beside its texts, instead of after its first render;
 * the remote's first render waits for it (`firstScreen`), so the page shows at once, not after a loading screen.
 */
export function preloadPage(pathname: string): Promise<void> | undefined {
  const page = /^\/order\/\d+/.test(pathname) ? OrderPage : /^\/edocument\/[^/]+\/seats/.test(pathname) ? SeatChangePage : undefined;
  return page?.preload();
}

