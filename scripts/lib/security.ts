/**
 * Security headers of the host page. No app needs 'unsafe-inline' or 'unsafe-eval':
 * - scripts: every script is a file from this origin (host chunks, /remotes/...) or from a remote
 *   origin named in the registry; the host page's own tags also carry the per-response nonce. The
 *   Module Federation runtime loads remoteEntry.js and chunks with <script src> (no eval: its only
 *   eval is on the Node.js path, never run in a browser).
 * - styles: CSS is extracted to files (<link>); React `style` props are set through the CSSOM,
 *   which CSP does not restrict. So style-src is 'self' as well (plus the nonce).
 * The same policy is produced by deploy/nginx.conf.template for production (nonce = $request_id).
 */
export interface CspOptions {
  /** Origins (scheme://host[:port]) remote files are loaded from, besides this origin. */
  remoteOrigins?: string[];
  /** Origin of the hosted payment page shown in an iframe; the sandbox provider is served by the api on this origin. */
  paymentOrigin?: string;
  /** Who may frame the site; default none but itself. */
  frameAncestors?: string;
}

export function contentSecurityPolicy(nonce: string, opts: CspOptions = {}): string {
  const remotes = [...new Set(opts.remoteOrigins ?? [])].join(' ');
  const payment = opts.paymentOrigin && opts.paymentOrigin !== 'self' ? opts.paymentOrigin : '';
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' ${remotes}`.trim(),
    `style-src 'self' 'nonce-${nonce}' ${remotes}`.trim(),
    `img-src 'self' data: blob: ${remotes}`.trim(),
    `font-src 'self' ${remotes}`.trim(),
    `connect-src 'self' ${remotes}`.trim(),
    `frame-src 'self' ${payment}`.trim(),
    `worker-src 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self' ${payment}`.trim(),
    `frame-ancestors ${opts.frameAncestors ?? "'self'"}`,
  ].join('; ');
}

export function securityHeaders(nonce: string, opts: CspOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(nonce, opts),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
  };
}

/** The distinct origins of the registry's absolute manifest URLs (site-relative ones are 'self'). */
export function remoteOriginsOf(registry: { remotes: { manifest: string }[] } | undefined, selfOrigin?: string): string[] {
  const out = new Set<string>();
  for (const r of registry?.remotes ?? []) {
    if (!/^https?:\/\//.test(r.manifest)) continue;
    const origin = new URL(r.manifest).origin;
    if (origin !== selfOrigin) out.add(origin);
  }
  return [...out];
}
