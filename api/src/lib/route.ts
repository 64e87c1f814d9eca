import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type * as core from 'zod/v4/core';

/** Any zod schema, classic or zod/mini (the host-read contracts are mini). */
type Schema = core.$ZodType;
import { isDbUnavailable } from '../db/errors.ts';

/**
 * One way to declare every api route: zod schemas from `@ticketing/shared/contracts` for query,
 * params, headers and body (validated before the handler; failures → 400 BAD_REQUEST with issues),
 * the response schema (checked outside production, documented always), and the OpenAPI entry.
 */

export type Lang = 'he' | 'en';
export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** Thrown by handlers to answer with a JSON error `{ error: code, message, ...extra }`. */
export class ApiHttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message?: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? code);
  }
}

/** Returned by a handler that wrote the response itself (server-sent events). */
export const HIJACKED: unique symbol = Symbol('hijacked');

type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface RouteContext<Q, P, B, H> {
  query: Q;
  params: P;
  body: B;
  headers: H;
  lang: Lang;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDef<
  Q extends Schema | undefined,
  P extends Schema | undefined,
  B extends Schema | undefined,
  H extends Schema | undefined,
  R extends Schema,
> {
  method: HttpMethod;
  /** Path relative to the plugin prefix, OpenAPI style params: `/presentations/{id}`. */
  url: string;
  summary: string;
  tags?: string[];
  query?: Q;
  params?: P;
  body?: B;
  headers?: H;
  response: R;
  /** Content type of a success response when not JSON (e.g. text/event-stream). */
  produces?: string;
  /** Documented error statuses besides 400 (e.g. { 404: 'EVENT_DETAILS_ERROR', 409: 'lock_seat_error' }). */
  errors?: Record<number, string>;
  handler(ctx: RouteContext<Out<Q>, Out<P>, Out<B>, Out<H>>): Promise<z.input<R> | typeof HIJACKED>;
}

export interface DocumentedRoute {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  query?: Schema;
  params?: Schema;
  body?: Schema;
  headers?: Schema;
  response: Schema;
  produces?: string;
  errors?: Record<number, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: DocumentedRoute[];
    /** Answers are checked against their response schemas (buildApp's checkResponses: outside production). */
    checkResponses: boolean;
  }
}

/**
 * Visitor language: the page's own `?lang=` when it names one of the five (a download or an image sends the browser's
 * language, not the page's; the same parameter localizedNames.ts reads), else Accept-Language: first tag `he…` → he,
 * any other tag → en, none → he.
 */
export function langOf(req: FastifyRequest): Lang {
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (typeof q === 'string' && /^(he|en|ru|ar|pl)$/.test(q)) return q === 'he' ? 'he' : 'en';
  const h = req.headers['accept-language'];
  if (!h) return 'he';
  const first = String(h).split(',')[0]!.trim().toLowerCase();
  if (!first || first === '*') return 'he';
  return first.startsWith('he') || first.startsWith('iw') ? 'he' : 'en';
}

function badRequest(where: string, error: z.ZodError): ApiHttpError {
  return new ApiHttpError(400, 'BAD_REQUEST', `invalid ${where}: ${error.issues.map((i) => `${i.path.join('.') || where} ${i.message}`).join('; ')}`, {
    issues: error.issues.map((i) => ({ in: where, path: i.path, code: i.code, message: i.message })),
  });
}

/** Does a request value carry a NUL byte anywhere (no text column accepts one: PostgreSQL would refuse it)? */
function hasNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (!v || typeof v !== 'object' || depth > 64) return depth > 64;
  for (const [k, x] of Object.entries(v)) if (k.includes('\u0000') || hasNul(x, depth + 1)) return true;
  return false;
}

function parsePart<S extends Schema | undefined>(schema: S, value: unknown, where: string): Out<S> {
  if (hasNul(value)) throw new ApiHttpError(400, 'BAD_REQUEST', `invalid ${where}: NUL byte or nesting too deep`, { issues: [{ in: where, code: 'nul_or_depth' }] });
  if (!schema) return undefined as Out<S>;
  const r = z.safeParse(schema, value ?? {});
  if (!r.success) throw badRequest(where, r.error);
  return r.data as Out<S>;
}

export function route<
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  H extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(app: FastifyInstance, def: RouteDef<Q, P, B, H, R>): void {
  const fastifyUrl = def.url.replace(/\{(\w+)\}/g, ':$1');
  app.apiRoutes.push({
    method: def.method, path: (app.prefix || '') + def.url, summary: def.summary, tags: def.tags ?? [],
    query: def.query, params: def.params, body: def.body, headers: def.headers, response: def.response,
    produces: def.produces, errors: def.errors,
  });
  app.route({
    method: def.method,
    url: fastifyUrl,
    handler: async (req, reply) => {
      const ctx: RouteContext<Out<Q>, Out<P>, Out<B>, Out<H>> = {
        query: parsePart(def.query, req.query, 'query') as Out<Q>,
        params: parsePart(def.params, req.params, 'params') as Out<P>,
        headers: parsePart(def.headers, req.headers, 'headers') as Out<H>,
        body: parsePart(def.body, req.body, 'body') as Out<B>,
        lang: langOf(req),
        req,
        reply,
      };
      const result = await def.handler(ctx);
      if (result === HIJACKED) return reply;
      if (app.checkResponses) {
        const r = z.safeParse(def.response, result);
        if (!r.success) {
          req.log.error({ issues: r.error.issues.slice(0, 5), url: req.url }, 'response does not match its schema');
          throw new ApiHttpError(500, 'RESPONSE_SCHEMA', 'response does not match its schema', { issues: r.error.issues.slice(0, 5) });
        }
      }
      return reply.send(result);
    },
  });
}

/** Installs the JSON error handler (400 for every client error, never a 500 for bad input) and the 404 handler. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof ApiHttpError) {
      return reply.code(err.status).send({ error: err.code, message: err.message, ...err.extra });
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(e.statusCode === 413 || e.statusCode === 415 ? e.statusCode : 400).send({
        error: 'BAD_REQUEST', message: e.message ?? 'bad request', issues: [{ in: 'request', code: e.code }],
      });
    }
    const sqlState = (err as { code?: unknown }).code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      // SQLSTATE class 22 (data exception: a value the database cannot take) comes from request data: a 400.
      return reply.code(400).send({ error: 'BAD_REQUEST', message: 'invalid value', issues: [{ in: 'request', code: sqlState }] });
    }
    if (sqlState === '40P01' || sqlState === '40001') {
      // deadlock / serialization failure: nothing was written; the client may simply retry
      return reply.code(409).header('retry-after', '1').send({ error: 'CONFLICT_RETRY', message: 'a concurrent change got in the way; retry' });
    }
    if (sqlState === '57014') {
      req.log.warn({ url: req.url }, 'statement timeout');
      return reply.code(503).header('retry-after', '1').send({ error: 'DB_TIMEOUT', message: 'the database took too long; retry shortly' });
    }
    if (isDbUnavailable(err)) {
      // The database is away (restart, dropped connection): a retryable 503, never a crash or a 500.
      req.log.warn({ err: (err as Error).message }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send({ error: 'DB_UNAVAILABLE', message: 'the database is unavailable; retry shortly' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'INTERNAL', message: 'internal error' });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ error: 'NOT_FOUND', message: `no route ${req.method} ${req.url.split('?')[0]}` });
  });
}

// ---------- OpenAPI 3.1 ----------

function jsonSchema(s: Schema, io: 'input' | 'output'): Record<string, unknown> {
  const js = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete js.$schema;
  return js;
}

function parametersOf(s: Schema | undefined, where: 'query' | 'path' | 'header'): unknown[] {
  if (!s) return [];
  const js = jsonSchema(s, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, schema]) => ({
    name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema,
  }));
}

export function buildOpenApi(routes: DocumentedRoute[], info: { title: string; version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = {
    type: 'object', required: ['error'],
    properties: { error: { type: 'string' }, message: { type: 'string' }, issues: { type: 'array', items: {} } },
  };
  for (const r of routes) {
    const responses: Record<string, unknown> = {
      200: {
        description: 'OK',
        content: { [r.produces ?? 'application/json']: { schema: r.produces ? { type: 'string' } : jsonSchema(r.response, 'output') } },
      },
      400: { description: 'BAD_REQUEST', content: { 'application/json': { schema: errorSchema } } },
    };
    for (const [status, code] of Object.entries(r.errors ?? {})) {
      responses[status] = { description: code, content: { 'application/json': { schema: errorSchema } } };
    }
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: r.tags,
      operationId: `${r.method.toLowerCase()}${r.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters: [...parametersOf(r.params, 'path'), ...parametersOf(r.query, 'query'), ...parametersOf(r.headers, 'header')],
      responses,
    };
    if (r.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return { openapi: '3.1.0', info, servers: [{ url: '/' }], paths };
}
