import { spaPreload, type ManifestAssets, type RemoteEntry, type RemotePreload } from '@ticketing/shared';

function hint(href: string, as: 'script' | 'style'): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.append(link);
}

/** Hints a remote's first files (RemoteEntry.preload, or the same read from its manifest). */
function hintAssets(base: string, assets: RemotePreload, lang: string): void {
  for (const file of assets.css) hint(base + file, 'style');
  for (const file of assets.js) hint(base + file, 'script');
  const texts = assets.texts[lang];
  if (texts) hint(base + texts, 'script');
}

/**
 * Starts the downloads of the route's remote as soon as the registry names it, beside the host's own texts,
 * instead of one after another behind the federation runtime: its manifest, its entry, the first chunks of its
 * `./spa` expose and its texts in the page's language (issue 12: the order page's first paint waited for five
 * round trips in a row). The registry lists those chunks (RemoteEntry.preload, copied from the manifest when it
 * points at the version), so they go out at once; a registry written before it had them is read from the manifest.
 * The manifest is fetched here all the same (the runtime's own fetch then finds it in the HTTP cache: remote files
 * are immutable); the rest are only hints: the federation runtime and the remote's chunk loading make the same
 * requests (same URLs, same modes) and take the answers from the preload cache; if anything here fails, they ask anyway.
 */
export function preloadRemote(remote: RemoteEntry, lang: string): void {
  const manifest = new URL(remote.manifest, location.href);
  const base = new URL('.', manifest).href;
  hint(`${base}remoteEntry.js`, 'script');
  if (remote.preload) hintAssets(base, remote.preload, lang);
  fetch(manifest.href)
    .then((res) => res.json() as Promise<ManifestAssets>)
    .then((m) => {
      const assets = remote.preload ? undefined : spaPreload(m);
      if (assets) hintAssets(base, assets, lang);
    })
    .catch(() => { /* hints only */ });
}
