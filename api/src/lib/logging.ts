import type { FastifyServerOptions } from 'fastify';

/**
 * Request paths whose segment is a bearer secret: the URL alone gives what it names (an e-ticket with
 * its entry QR, its seat change, a waiting-list offer, any provider's hosted payment page; the api's paths and the pages'). Logs keep the path's shape and
 * the key's last three characters (enough to match a support call), never the key.
 * deploy/nginx.conf.template masks the same paths in nginx's access log (its `map $request_uri`);
 * scripts/test/log-redaction.test.ts checks both against one list of samples.
 */
export const SECRET_PATH = /^((?:\/api\/(?:edocument|waiting-list\/offer|payment\/session|payment\/[a-z]+\/page|payment\/blik)|\/edocument|\/customer\/offer)\/)([^/?#]*)/;

/** The URL with its secret segment masked: `/api/edocument/BWllv2l9…X8Xq/seat-change` → `/api/edocument/…8Xq/seat-change`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, (_m, head: string, key: string) => `${head}…${key.length > 8 ? key.slice(-3) : ''}`);
}

/**
 * The api's pino options: the request serializer's `url`, and any `url` a handler logs (route.ts logs
 * it on a schema mismatch or a statement timeout), pass through redactUrl.
 */
export const apiLoggerOptions: Exclude<FastifyServerOptions['logger'], boolean | undefined> = {
  redact: {
    paths: ['req.url', 'url'],
    censor: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
  },
};
