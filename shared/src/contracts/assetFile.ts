/**
 * A built file's name beside a remote's manifest (never a path: the host joins it to the manifest's folder).
 * Plain, without zod, so the host page's early script (host/src/early.ts) can check the registry's preload lists.
 */
export const ASSET_FILE_NAME = /^[\w-]+(\.[\w-]+)*\.(js|css)$/;
