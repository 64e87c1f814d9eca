/**
 * Issue 13 point 2: malformed input of any kind gets a 4xx, never a 5xx, on every endpoint. The requests
 * are derived from the api's own OpenAPI document (/api/openapi.json): every operation, every path,
 * query and body parameter, anonymous and with a staff session (so guarded routes are reached too).
 */
import { expect, it } from 'vitest';
import { forEachEngine, type Ctx } from './harness.ts';

interface Param { name: string; in: 'path' | 'query' | 'header'; required?: boolean }
interface Op { parameters?: Param[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; responses: Record<string, { content?: Record<string, unknown> }> }
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Values no parameter accepts as they are, in their raw (already percent-encoded) URL form. */
const BAD_URL_VALUES = ['%00', 'a%00b', '%', '%ZZ', '%E0%A4%A', 'x'.repeat(4000), '-1', '1e999', '99999999999999999999', '1.5', '%F0%9F%98%80', '..%2F..%2Fetc', '%27%3B--', 'true', '[]'];
/** Whole bodies that are not what any operation takes. */
const BAD_BODIES: Array<{ payload: string | Buffer; type: string }> = [
  { payload: '{', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '"x"', type: 'application/json' },
  { payload: '12', type: 'application/json' },
  { payload: '['.repeat(20000) + ']'.repeat(20000), type: 'application/json' },
  { payload: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000), type: 'application/json' },
  { payload: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}', type: 'application/json' },
  { payload: JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }), type: 'application/json' },
  { payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), type: 'application/json' },
  { payload: '{"a":"b\\u0000c"}', type: 'application/json' },
  { payload: 'a=1&b=%', type: 'application/x-www-form-urlencoded' },
  { payload: '<x/>', type: 'text/xml' },
];
/** Wrong-typed values for each body property, one property at a time. */
const BAD_PROPERTY_VALUES: unknown[] = [{}, [[[]]], 'a\u0000b', 1e308, -1, true, null, 'x'.repeat(100_000), { $gt: '' }, [1, 'a', null]];

function fillPath(path: string, params: Param[], value: string): string {
  let out = path;
  for (const p of params.filter((x) => x.in === 'path')) out = out.replace(`{${p.name}}`, value);
  return out;
}

forEachEngine('malformed requests from the OpenAPI document', (get) => {
  async function staffCookie(ctx: Ctx): Promise<{ cookie: string; csrf: string }> {
    const r = await ctx.app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: 'manager.tlv', password: 'PresLive-1' }, remoteAddress: '10.13.0.1' });
    expect(r.statusCode, r.body).toBe(200);
    const pairs = ([] as string[]).concat(r.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
    return { cookie: pairs.join('; '), csrf: pairs.find((p) => p.startsWith('csrf='))!.slice(5) };
  }

  it('no operation answers a malformed request with a 5xx', async () => {
    const ctx = get();
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Op>> };
    const staff = await staffCookie(ctx);
    const failures: string[] = [];
    let sent = 0;
    const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([m, op]) => ({ path, method: m.toUpperCase() as Method, op })));
    expect(ops.length).toBeGreaterThan(50);
    for (const { path, method, op } of ops) {
      const params = op.parameters ?? [];
      const streams = Object.keys(op.responses['200']?.content ?? {}).includes('text/event-stream');
      const query = params.filter((p) => p.in === 'query');
      // session mode reaches what the staff guard protects; logout would end the session used below
      const modes = [{ headers: {} as Record<string, string> },
        ...(path.includes('logout') ? [] : [{ headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf } }])];
      for (const mode of modes) {
        const send = async (url: string, body?: { payload: string | Buffer; type: string }) => {
          sent++;
          const r = await ctx.app.inject({
            method, url, remoteAddress: '10.99.0.1', // its own address: its many 404s spend no one else's guess budget
            headers: { uuid: 'malformed-visit', 'accept-language': 'en', ...mode.headers, ...(body ? { 'content-type': body.type } : {}) },
            ...(body ? { payload: body.payload } : {}),
          });
          if (r.statusCode >= 500) failures.push(`${method} ${url.slice(0, 160)}${body ? ` body ${String(body.payload).slice(0, 60)}` : ''} → ${r.statusCode} ${r.body.slice(0, 200)}`);
        };
        // a stream with no parameter to spoil would just open: only its parameters are attacked
        if (streams && !params.length) continue;
        for (const v of BAD_URL_VALUES) {
          const all = query.map((q) => `${q.name}=${v}`).join('&');
          await send(fillPath(path, params, v) + (all ? `?${all}` : ''));
          if (streams) continue;
          // one query parameter bad, the others plausible
          for (const q of query) {
            await send(fillPath(path, params, '1') + '?' + query.map((o) => `${o.name}=${o === q ? v : '1'}`).join('&'));
          }
        }
        if (streams) continue;
        await send(fillPath(path, params, '1') + '?' + (query[0]?.name ?? 'x') + '=1&' + (query[0]?.name ?? 'x') + '=2');
        if (!op.requestBody) continue;
        const url = fillPath(path, params, '1') + (query.length ? '?' + query.map((q) => `${q.name}=1`).join('&') : '');
        for (const b of BAD_BODIES) await send(url, b);
        const props = Object.keys(Object.values(op.requestBody.content)[0]?.schema.properties ?? {});
        for (const prop of props) {
          for (const v of BAD_PROPERTY_VALUES) await send(url, { payload: JSON.stringify({ [prop]: v }), type: 'application/json' });
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});
