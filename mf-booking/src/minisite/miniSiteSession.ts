import { readSession, writeSession } from '@ticketing/shared';

/**
 * The mini-site a visit entered by (issue 4 §9). Kept in session storage so that the whole
 * order started from `/mini-site/{url}` passes `miniSiteUrl` on every booking call and
 * `referralMiniSiteId` on the cart, even across a reload, until the order ends.
 */
export interface MiniSiteSession { url: string; id: number; name: string }
const KEY = 'booking.miniSite';

export const readMiniSite = (): MiniSiteSession | undefined => readSession<MiniSiteSession>(KEY);
export const writeMiniSite = (m: MiniSiteSession | undefined): void => writeSession(KEY, m);
export const currentMiniSiteUrl = (): string | undefined => readMiniSite()?.url;

/** Booking calls that take `miniSiteUrl` (spec section 7 "Booking"). */
const BOOKING_PATH = /^\/(seats\/|presentations|features|payment\/commit)/;
export const takesMiniSiteUrl = (path: string) => BOOKING_PATH.test(path);
