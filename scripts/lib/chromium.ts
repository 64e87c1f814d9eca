/**
 * Chromium switches shared by the e2e suite and the benches.
 *
 * Full Chromium (not the headless shell) starts a renderer for its top-chrome WebUI omnibox popups a moment after
 * its first window, and renders them for each new page: about a third of the browser's CPU per e2e test here, and
 * 1.4–1.9 s of CPU that fell on the first page a bench timed (twelfth session, traced). Turned off everywhere we drive
 * Chromium: a phone's browser runs no such thing beside the page.
 */
export const OMNIBOX_WEBUI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's own --disable-features list: a second --disable-features replaces it rather than adding to it, so a
 * Playwright launch repeats it first.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = ['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch'];

/** The switch for a Chromium we start ourselves (Lighthouse's). */
export const NO_OMNIBOX_WEBUI = `--disable-features=${OMNIBOX_WEBUI_FEATURES.join(',')}`;
/** The switch for a Chromium Playwright starts: its own list, then ours. */
export const PLAYWRIGHT_NO_OMNIBOX_WEBUI = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI_FEATURES].join(',')}`;
