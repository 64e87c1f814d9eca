/**
 * A language's texts as built: `texts-<lang>` (the shared texts), `remote-texts-<lang>` (a remote's) and
 * `seatmap-texts-<lang>` (the seat map's), each one JSON module in a hashed file. The build leaves them out of the
 * compile hints (rspack.config.base.ts) and the production-build tests recognise them by it.
 */
export const TEXTS_CHUNK = /^(?:remote-|seatmap-)?texts-[a-z]{2}\.[0-9a-f]+\.js$/;
