// What the page's early script (early.ts, inlined into index.html) hands to the host's main script: the registry's
// answer it asked for while main.js was still downloading, and whether it already hinted the route's remote.

/**
 * The early request for /remotes.json: its parsed body, or how it failed: `retry` after a network error, a timeout or
 * a 5xx (the main script tries once more), `final` after a 4xx or a body that is not JSON (a bad file stays bad).
 */
export type EarlyRegistry = { body: unknown } | { failed: 'retry' | 'final'; reason: string };

export interface EarlyStart {
  registry: Promise<EarlyRegistry>;
  /** The remote whose files the early script hinted (from its registry entry's preload list). */
  hintedRemote?: string;
  /**
   * Whether the customer session's readable cookie was there as the page started (public pages), read by the early
   * script in a task of its own while main.js downloads: each read of document.cookie is a synchronous trip to the
   * browser process (7–10 ms in the hall's load on a slow machine of this kind), which the header's first render paid
   * inside one of main.js's long tasks. Taken once (`takeEarlyCustomerSession`).
   */
  customerSession?: boolean;
}

/** The host chunks the early script hints, written into it by the build (EarlyStartPlugin). */
export interface EarlyFiles {
  /** Files of the host's `remotes` chunk (single-spa and the federation runtime), fetched on a remote's route. */
  remotes: string[];
  /** The host's texts chunk per language. */
  texts: Record<string, string>;
  /** Whether to hint the route's remote files (off in the single-bundle comparison build, which has none). */
  remoteHints: boolean;
}

/** How long one request for the registry may take (the early script's and each of the main script's). */
export const REGISTRY_TIMEOUT_MS = 5000;

const holder = globalThis as { __ticketingEarly__?: EarlyStart };

export const earlyStart = (): EarlyStart | undefined => holder.__ticketingEarly__;
export const setEarlyStart = (early: EarlyStart): void => { holder.__ticketingEarly__ = early; };

/** The early script's reading of the customer session cookie, once: a later mount reads the cookie as it is then. */
export function takeEarlyCustomerSession(): boolean | undefined {
  const early = holder.__ticketingEarly__;
  const seen = early?.customerSession;
  // the key stays, empty: an early read still to come (its timer not run yet) does not fill it in after this
  if (early) early.customerSession = undefined;
  return seen;
}

/** Whether a `document.cookie` string holds a cookie of that name. */
export const hasCookie = (cookies: string, name: string): boolean => cookies.split('; ').some((c) => c.startsWith(`${name}=`));

/**
 * The page's language before i18n starts: `?lang=` when it is enabled, else the one chosen earlier in this tab, else
 * Hebrew. The main script passes the validated stored locale; the early script the raw one (it only picks a file).
 */
export function pickLocale<L extends string>(param: string | null, enabled: readonly L[], stored: L | undefined): L | 'he' {
  return param && enabled.includes(param as L) ? param as L : stored ?? 'he';
}
