import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, installCompression } from '../src/lib/compress.ts';

async function app() {
  const a = Fastify();
  installCompression(a);
  a.get('/big', async () => ({ seats: Array.from({ length: 200 }, (_, i) => [i, `S${i}`, 0]) }));
  a.get('/small', async () => ({ ok: true }));
  a.get('/text', async (_req, reply) => reply.type('text/plain').send('x'.repeat(COMPRESS_MIN_BYTES * 2)));
  await a.ready();
  return a;
}

describe('api compression (npm start, where no nginx is in front)', () => {
  it('gzips a JSON answer of 1 KB or more for a client that accepts it, and the body is the same JSON', async () => {
    const a = await app();
    const res = await a.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    const plain = await a.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers, other types and clients without gzip alone', async () => {
    const a = await app();
    expect((await a.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBeUndefined();
    expect((await a.inject({ url: '/text', headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBeUndefined();
    expect((await a.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } })).headers['content-encoding']).toBeUndefined();
  });
});
