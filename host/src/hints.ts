import type { ManifestAssets, RemoteEntry, RemotePreload } from '@ticketing/shared';

/** A `<link rel=preload>`: the later request for the same URL (same mode) is answered from it. */
export function hint(href: string, as: 'script' | 'style'): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.append(link);
}

/** Hints a remote's first files (RemoteEntry.preload, or the same read from its manifest). */
export function hintAssets(base: string, assets: RemotePreload, lang: string): void {
  for (const file of assets.css) hint(base + file, 'style');
  for (const file of assets.js) hint(base + file, 'script');
  const texts = assets.texts[lang];
  if (texts) hint(base + texts, 'script');
}

/**
 * Starts the downloads of a remote beside the host's own: its manifest, its entry, the first chunks of its `./spa`
 * expose and its texts in the page's language. The registry lists those chunks (RemoteEntry.preload), so they go out
 * with the registry's answer; a registry written before it had them is read from the manifest by `fromManifest`.
 * The manifest is fetched here all the same (the runtime's own fetch then finds it in the HTTP cache: remote files
 * are immutable); the rest are only hints: the federation runtime and the remote's chunk loading make the same
 * requests and take the answers from the preload cache; if anything here fails, they ask anyway.
 */
export function hintRemote(remote: Pick<RemoteEntry, 'manifest' | 'preload'>, lang: string, fromManifest?: (m: ManifestAssets) => RemotePreload | undefined): void {
  const manifest = new URL(remote.manifest, location.href);
  const base = new URL('.', manifest).href;
  hint(`${base}remoteEntry.js`, 'script');
  if (remote.preload) hintAssets(base, remote.preload, lang);
  fetch(manifest.href)
    .then((res) => res.json() as Promise<ManifestAssets>)
    .then((m) => {
      const assets = remote.preload || !fromManifest ? undefined : fromManifest(m);
      if (assets) hintAssets(base, assets, lang);
    })
    .catch(() => { /* hints only */ });
}
