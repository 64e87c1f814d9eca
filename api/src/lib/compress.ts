import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const gzipAsync = promisify(gzip);

/** Answers smaller than this go as they are (nginx's `gzip_min_length` in deploy/nginx.conf.template). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * gzip for JSON answers of 1 KB or more when the client accepts it: what nginx does in front of the api in production
 * (deploy/nginx.conf.template), for `npm start`, where the api is served without it. An arena's seat plan and seat
 * status are ≈ 0.8 MB of JSON, ≈ 4 s on a slow 4G line uncompressed. Compressed off the event loop (zlib's pool);
 * streams (the seat events) are left alone.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
    if (!/^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = await gzipAsync(payload);
    reply.header('content-encoding', 'gzip');
    reply.header('vary', 'accept-encoding');
    reply.removeHeader('content-length');
    return body;
  });
}
