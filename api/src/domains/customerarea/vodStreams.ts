import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where a customer's player fetches a title once a play is counted. A streaming provider (signed URLs on its CDN,
 * its own player) plugs in here; without one there is no stream, and the customer area says the play was counted.
 */
export interface VodStreamProvider {
  playback(a: { ticketId: number; featureId: number }): { url: string; type: string } | null;
}

/** Production without a configured provider: plays are counted, nothing is streamed. */
export const noStreams: VodStreamProvider = { playback: () => null };

/**
 * Demo mode: every title plays the same eight-second clip (api/assets/demo-stream.webm, drawn in Chromium by
 * scripts/make-demo-stream.ts), from the customer area's own stream route, which checks the session and the play.
 */
export const demoStreams: VodStreamProvider = {
  playback: ({ ticketId }) => ({ url: `/api/customer-area/vod/${ticketId}/stream`, type: 'video/webm' }),
};

let clip: Buffer | undefined;
/** The demo clip, read once. */
export const demoClip = (): Buffer => (clip ??= readFileSync(fileURLToPath(new URL('../../../assets/demo-stream.webm', import.meta.url))));
