import * as z from 'zod/mini';
import { lazy } from './lazy';
import { ASSET_FILE_NAME } from './assetFile';

// zod/mini: the host parses the registry before anything else (see catalog.ts).

/** Who may see a remote: visitor pages never load staff remotes and vice versa. */
export const Audience = lazy(() => z.enum(['public', 'staff']));

/** A built file's name beside the manifest (never a path: the host joins it to the manifest's folder). */
const AssetFile = lazy(() => z.string().check(z.regex(ASSET_FILE_NAME)));

export const RemoteEntry = lazy(() => z.object({
  /** Package name, e.g. "mf-booking". */
  name: z.string().check(z.regex(/^mf-[a-z]+$/)),
  version: z.string().check(z.regex(/^\d+\.\d+\.\d+(-[\w.]+)?$/)),
  /** URL of the remote's mf-manifest.json (absolute or site-relative). */
  manifest: z.string().check(z.minLength(1)),
  audience: Audience,
  /**
   * What the host hints before anything else of the remote (files beside the manifest): its `./spa` expose's first
   * scripts and styles and its texts per language, copied from the manifest when the registry points at the version,
   * so the hints go out with the registry's answer rather than one round trip later, behind the manifest.
   */
  preload: z.optional(z.object({
    js: z.array(AssetFile),
    css: z.array(AssetFile),
    texts: z.record(z.string(), AssetFile),
  })),
}));
export type RemoteEntry = z.infer<typeof RemoteEntry>;
export type RemotePreload = NonNullable<RemoteEntry['preload']>;

/** The part of a remote's mf-manifest.json that names its `./spa` expose's files. */
export interface ManifestAssets { exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[] } } }> }

/**
 * RemoteEntry.preload from a remote's manifest: its `./spa` expose's first scripts and styles, and its texts per
 * language (each remote names their chunks remote-texts-<lang>). Undefined when the manifest has no `./spa`.
 */
export function spaPreload(m: ManifestAssets): RemotePreload | undefined {
  const spa = m.exposes?.find((e) => e.path === './spa')?.assets;
  if (!spa) return undefined;
  const texts: Record<string, string> = {};
  for (const f of spa.js?.async ?? []) {
    const lang = /^remote-texts-([a-z]{2})\./.exec(f)?.[1];
    if (lang) texts[lang] = f;
  }
  return { js: spa.js?.sync ?? [], css: spa.css?.sync ?? [], texts };
}

/** Runtime settings handed to every app; one build serves every environment. */
export const RuntimeConfig = lazy(() => z.object({
  apiBase: z._default(z.string(), '/api'),
  enabledLocales: z._default(z.array(z.enum(['he', 'en', 'ru', 'ar', 'pl'])), ['he', 'en', 'ru', 'ar', 'pl']),
  maxSeats: z._default(z.int().check(z.positive()), 10),
}));
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

/** GET /remotes.json: the registry (served no-store). */
export const Registry = lazy(() => z.object({
  /** Contract version of shared events and API schemas the remotes were built against. */
  updatedAt: z.optional(z.string()),
  config: z._default(RuntimeConfig, { apiBase: '/api', enabledLocales: ['he', 'en', 'ru', 'ar', 'pl'], maxSeats: 10 }),
  remotes: z.array(RemoteEntry),
}));
export type Registry = z.infer<typeof Registry>;

/** The name a remote registers under in Module Federation (identifiers cannot hold '-'): mf-booking → mf_booking. */
export const federationName = (name: string) => name.replace(/-/g, '_');
