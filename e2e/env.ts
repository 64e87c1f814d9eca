import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** The e2e site folder (registry + versioned remotes); release tests change it while the site runs. */
export const E2E_SITE_DIR = process.env.E2E_SITE_DIR ?? path.join(here, '.site');
/** Both overridable: two runs side by side (each on its own E2E_PORT) must not share the folders they start from empty. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(here, '.data');
export const ROOT = path.resolve(here, '..');
