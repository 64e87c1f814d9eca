import type { RemoteEntry } from '@ticketing/shared';

/** The part of a remote's mf-manifest.json read here (the federation runtime reads the rest). */
interface ManifestAssets { exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[] } } }> }

function hint(href: string, as: 'script' | 'style'): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.append(link);
}

/**
 * Starts the downloads of the route's remote as soon as the registry names it, beside the host's own texts,
 * instead of one after another behind the federation runtime: its manifest, its entry, the first chunks of its
 * `./spa` expose and its texts in the page's language (issue 12: the order page's first paint waited for five
 * round trips in a row). The manifest is fetched here (the runtime's own fetch then finds it in the HTTP cache: remote
 * files are immutable); the rest are only hints: the federation runtime and the remote's chunk loading make the same
 * requests (same URLs, same modes) and take the answers from the preload cache; if anything here fails, they ask anyway.
 */
export function preloadRemote(remote: RemoteEntry, lang: string): void {
  const manifest = new URL(remote.manifest, location.href);
  const base = new URL('.', manifest).href;
  hint(`${base}remoteEntry.js`, 'script');
  fetch(manifest.href)
    .then((res) => res.json() as Promise<ManifestAssets>)
    .then((m) => {
      const spa = m.exposes?.find((e) => e.path === './spa')?.assets;
      for (const file of spa?.css?.sync ?? []) hint(base + file, 'style');
      for (const file of spa?.js?.sync ?? []) hint(base + file, 'script');
      // The remotes name their texts' chunks remote-texts-<lang> (each remote's definition.ts).
      const texts = spa?.js?.async?.find((f) => f.startsWith(`remote-texts-${lang}.`));
      if (texts) hint(base + texts, 'script');
    })
    .catch(() => { /* hints only */ });
}
