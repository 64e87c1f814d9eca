// The module the host mounts: single-spa lifecycles.
import { createSpaLifecycles } from '@ticketing/shared';
import { definition } from './definition';
import { preloadPage } from './routePages';

preloadPage(location.pathname);

export const { bootstrap, mount, unmount } = createSpaLifecycles(definition);
