import { Registry } from '@ticketing/shared';

/** The registry is fetched once per page load (no-store): every remote resolves once, so a flip never mixes versions in a page. */
export async function fetchRegistry(url = '/remotes.json'): Promise<Registry | undefined> {
  try {
    const res = await fetch(url, { cache: 'no-store' });
    if (!res.ok) throw new Error(`registry HTTP ${res.status}`);
    return Registry.parse(await res.json());
  } catch (error) {
    console.error('[host] registry unavailable', error);
    return undefined;
  }
}
