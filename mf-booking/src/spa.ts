// The module the host mounts: single-spa lifecycles.
import { createSpaLifecycles } from '@ticketing/shared';
import { definition } from './definition';
import { preloadPage } from './routePages';

// Started as the remote's code is evaluated, beside its texts; the first render waits for it (see lazyScreen).
const firstScreen = preloadPage(location.pathname);
firstScreen?.catch(() => { /* the page's own load reports it */ });

export const { bootstrap, mount, unmount } = createSpaLifecycles({ ...definition, firstScreen: firstScreen && (() => firstScreen) });
