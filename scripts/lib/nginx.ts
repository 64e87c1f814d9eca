/** Renders deploy/nginx.conf.template for a prefix folder (used by start-prod and its test). */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './apps.ts';
import { contentSecurityPolicy, remoteOriginsOf } from './security.ts';
// Debian's libnginx-mod-http-brotli-static: serves the builds' `.br` copies (PrecompressPlugin) when installed.
import { BROTLI_STATIC_MODULE } from './preflight.mjs';

/** Where start:prod's api processes listen: loopback only, reached through nginx (never from the network). */
export const API_HOST = '127.0.0.1';

export interface NginxOptions {
  prefix: string;
  /** error.log and access.log: outside the prefix (a temporary folder removed at stop), so they survive it. */
  logDir: string;
  listen: string;
  hostDir: string;
  siteDir: string;
  apiPorts: number[];
  registry?: { remotes: { manifest: string }[] };
  paymentOrigin?: string;
}

export function renderNginxConf(o: NginxOptions): string {
  const brotli = existsSync(BROTLI_STATIC_MODULE);
  const template = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf.template'), 'utf8');
  // nginx expands $request_id inside add_header: a fresh nonce per response.
  const csp = contentSecurityPolicy('$request_id', { remoteOrigins: remoteOriginsOf(o.registry), paymentOrigin: o.paymentOrigin });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const values: Record<string, string> = {
    USER_LINE: isRoot ? 'user nobody nogroup;' : '# (not root: workers run as the current user)',
    PREFIX: o.prefix,
    LOG_DIR: o.logDir,
    LISTEN: o.listen,
    HOST_DIR: o.hostDir,
    SITE_DIR: o.siteDir,
    API_UPSTREAMS: o.apiPorts.map((p) => `    server ${API_HOST}:${p} max_fails=1 fail_timeout=5s;`).join('\n'),
    CSP: csp.replace(/"/g, '\\"'),
    BROTLI_MODULE: brotli ? `load_module ${BROTLI_STATIC_MODULE};` : '# (no Brotli module: gzip only)',
    BROTLI: brotli ? '  brotli_static on;' : '  # brotli_static: needs libnginx-mod-http-brotli-static',
  };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (m, k: string) => {
    if (!(k in values)) throw new Error(`nginx template: no value for ${m}`);
    return values[k];
  });
}

/** Writes the config and the folders nginx needs into the prefix; returns the config path. */
export function writeNginxPrefix(o: NginxOptions): string {
  mkdirSync(o.logDir, { recursive: true });
  for (const d of ['tmp', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) {
    mkdirSync(path.join(o.prefix, d), { recursive: true });
    chmodSync(path.join(o.prefix, d), 0o777); // workers may run as nobody
  }
  const file = path.join(o.prefix, 'nginx.conf');
  writeFileSync(file, renderNginxConf(o));
  return file;
}
