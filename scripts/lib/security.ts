/**
 * Security headers of the host page. Scripts need neither 'unsafe-inline' nor 'unsafe-eval':
 * every script is a file from this origin (or a remote origin listed in the registry), and
 * the host's own tags carry a per-response nonce.
 */
export function securityHeaders(nonce: string, opts: { remoteOrigins?: string[]; paymentOrigin?: string } = {}): Record<string, string> {
  const remotes = (opts.remoteOrigins ?? []).join(' ');
  const csp = [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' ${remotes}`.trim(),
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `connect-src 'self' ${remotes}`.trim(),
    `font-src 'self'`,
    `frame-src 'self' ${opts.paymentOrigin ?? ''}`.trim(),
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
  };
}
