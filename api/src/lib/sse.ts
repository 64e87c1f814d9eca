import type { FastifyRequest } from 'fastify';
import { ApiHttpError } from './route.ts';

/** Open event streams allowed per client address and process (SSE_MAX_PER_ADDRESS, default 20). */
export const SSE_MAX_PER_ADDRESS = Number(process.env.SSE_MAX_PER_ADDRESS) > 0 ? Math.trunc(Number(process.env.SSE_MAX_PER_ADDRESS)) : 20;

const open = new Map<string, number>();

/**
 * Takes one of the address's stream slots (429 STREAMS_LIMIT when none is left) and returns its release,
 * safe to call more than once. An open stream holds a socket and memory for as long as the client likes.
 */
export function acquireStreamSlot(req: FastifyRequest, max = SSE_MAX_PER_ADDRESS): () => void {
  const addr = req.ip || 'unknown';
  const n = open.get(addr) ?? 0;
  if (n >= max) throw new ApiHttpError(429, 'STREAMS_LIMIT', 'too many open event streams from this address');
  open.set(addr, n + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (open.get(addr) ?? 1) - 1;
    if (left > 0) open.set(addr, left);
    else open.delete(addr);
  };
}
