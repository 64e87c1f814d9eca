/**
 * Issue 13 points 3 and 4: demo shortcuts are opt-in. Development routes answer only in demo mode and only
 * to loopback clients; sandbox payments and the demo seed stay out of production; `npm run start:prod`
 * refuses to start with any of them unless explicitly asked.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadOrdersSettings } from '../src/domains/orders/config.ts';
import { demoSeedWanted } from '../src/main.ts';
import { productionRefusals } from '../../scripts/lib/prod-guard.ts';
import { forEachEngine } from './harness.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

forEachEngine('hardening: demo shortcuts', (get) => {
  it('development routes: only in demo mode, only to a loopback client connected directly', async () => {
    const url = '/api/dev/sms-outbox?mobileNumber=0501234567';
    const demo = await buildApp({ db: get().db, sweepIntervalMs: 0, demo: true });
    const off = await buildApp({ db: get().db, sweepIntervalMs: 0, demo: false });
    try {
      expect((await demo.inject({ url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await demo.inject({ url, remoteAddress: '::1' })).statusCode).toBe(200);
      expect((await demo.inject({ url, remoteAddress: '10.0.0.5' })).statusCode).toBe(404);
      expect((await demo.inject({ url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
      expect((await demo.inject({ method: 'POST', url: '/api/dev/simulate-sale', payload: { quantity: 1 }, remoteAddress: '192.168.1.20' })).statusCode).toBe(404);
      expect((await off.inject({ url, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      expect((await off.inject({ method: 'POST', url: '/api/dev/simulate-sale', payload: { quantity: 1 }, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      // the demo's video-on-demand clip is served in demo mode only (a streaming provider serves production)
      expect((await demo.inject({ url: '/api/customer-area/vod/1/stream' })).statusCode).toBe(401);
      expect((await off.inject({ url: '/api/customer-area/vod/1/stream' })).statusCode).toBe(404);
      // and they are not documented outside demo mode
      const doc = (await off.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/dev/'))).toEqual([]);
    } finally {
      await demo.close();
      await off.close();
    }
  });
});

describe('hardening: production configuration', () => {
  it('sandbox payment providers are off with NODE_ENV=production unless allowed', () => {
    expect(loadOrdersSettings({ NODE_ENV: 'production' }).activeProviders).toEqual([]);
    expect(loadOrdersSettings({ NODE_ENV: 'production', PAYMENT_PROVIDERS: 'sandbox,paypal' }).activeProviders).toEqual([]);
    expect(loadOrdersSettings({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: '1' }).activeProviders).toEqual(['sandbox', 'altcard']);
    expect(loadOrdersSettings({ NODE_ENV: 'production', DEMO_MODE: '1' }).activeProviders).toEqual(['sandbox', 'altcard']);
    expect(loadOrdersSettings({}).activeProviders).toEqual(['sandbox', 'altcard']);
  });

  it('the demo seed runs in production only when asked', () => {
    expect(demoSeedWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(demoSeedWanted({ NODE_ENV: 'production', SEED_DEMO: '1' })).toBe(true);
    expect(demoSeedWanted({ NODE_ENV: 'test' })).toBe(true);
  });

  it('start:prod lists what it refuses; nothing with real providers; everything allowed when asked', () => {
    expect(productionRefusals({}).join(' ')).toMatch(/sandbox payment providers \(sandbox, altcard\)/);
    expect(productionRefusals({ PAYMENT_PROVIDERS: 'none', DEMO_MODE: '1', SEED_DEMO: '1' })).toHaveLength(2);
    expect(productionRefusals({ PAYMENT_PROVIDERS: 'none' })).toEqual([]);
    expect(productionRefusals({}, ['--allow-demo'])).toEqual([]);
    expect(productionRefusals({ START_PROD_ALLOW_DEMO: '1' })).toEqual([]);
  });

  it('`npm run start:prod` exits before starting anything when the sandbox would take payments', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', PORT: '8313' };
    for (const k of ['PAYMENT_PROVIDERS', 'START_PROD_ALLOW_DEMO', 'DEMO_MODE', 'SEED_DEMO', 'ALLOW_SANDBOX_PAYMENTS']) delete env[k];
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start-prod.ts')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/start:prod refuses to start/);
    expect(r.stderr).toMatch(/sandbox payment providers/);
    expect(r.stderr).toMatch(/START_PROD_ALLOW_DEMO=1/);
  });
});
