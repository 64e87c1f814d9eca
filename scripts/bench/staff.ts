/**
 * Staff benchmark (issue 6): the p95 latency of every PresLive dashboard call with the seeded sales
 * history (≥ 100,000 tickets) on PGlite, measured in process through Fastify's inject (api + database,
 * no socket), and — given the composed site's address — the staff route's JavaScript after sign-in.
 *
 * `npx tsx scripts/bench/staff.ts [baseUrl]` prints the JSON; `npm run bench` calls benchStaff(baseUrl).
 * Knobs: STAFF_BENCH_N (40 timed calls per endpoint, after 3 warm-up calls).
 */
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { openPglite } from '../../api/src/db/index.ts';
import { migrate } from '../../api/src/db/migrate.ts';
import { seed } from '../../api/src/seed/index.ts';
import { buildApp } from '../../api/src/app.ts';
import { addDays, jerusalemToday } from '../../api/src/lib/time.ts';
import { STAFF_USERS } from '../../api/src/seed/sales.ts';
import { CHROMIUM_ARGS, chromiumPath, percentile, round } from './lib.ts';

const N = Number(process.env.STAFF_BENCH_N || 40);
const TARGET_P95_MS = 100;

async function apiLatencies() {
  const t0 = performance.now();
  const db = await openPglite('memory://');
  await migrate(db);
  const t1 = performance.now();
  await seed(db);
  const seedMs = performance.now() - t1;
  const app = await buildApp({ db, sweepIntervalMs: 0 });
  try {
    const [counts] = (await db.query<{ tickets: number; reservations: number }>(
      'SELECT (SELECT count(*)::int FROM reservation_tickets) AS tickets, (SELECT count(*)::int FROM reservations) AS reservations')).rows;
    const login = await app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: STAFF_USERS[0].username, password: STAFF_USERS[0].password } });
    const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const today = jerusalemToday();
    const { rows: [p] } = await db.query<{ id: number; f: number; l: number }>(`
      SELECT p.id, p.feature_id AS f, v.location_id AS l FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN presentation_sales s ON s.presentation_id = p.id
      WHERE v.location_id = 1 AND v.venue_type_id < 101 ORDER BY s.sold DESC LIMIT 1`);
    const calls: Record<string, string> = {
      locationTicketSales: '/api/PRES-live/locationTicketSales/',
      locationTicketSalesData: `/api/PRES-live/locationTicketSales/data/${today}/0`,
      featureTicketSales: '/api/PRES-live/featureTicketSales',
      featureTicketSalesData: `/api/PRES-live/featureTicketSales/data/${today}?isByLocation=true`,
      presentationSalesMonitor: `/api/PRES-live/monitors/PresentationSales/data?startDate=${addDays(today, -7)}&endDate=${addDays(today, 7)}`,
      v2AvailableFeatures: '/api/PRES-live/v2/availableFeatures',
      v2FeatureData: `/api/PRES-live/v2/featureData?featureId=${p!.f}&locationId=${p!.l}`,
      v2AvailablePresentations: `/api/PRES-live/v2/availablePresentations?featureId=${p!.f}&locationId=${p!.l}`,
      v2PresentationData: `/api/PRES-live/v2/presentationData?presentationId=${p!.id}`,
      attendanceByDate: `/api/PRES-live/attendanceByDate/${addDays(today, -30)}/${today}`,
      cinemaFilterData: '/api/PRES-live/getCinemaFilterData',
      attendanceByLocation: `/api/PRES-live/attendanceByDateByLocation/${today}`,
      attendanceByVenue: `/api/PRES-live/attendanceByDateByLocationByVenue/${today}/1`,
      attendanceByFeature: `/api/PRES-live/attendanceByDateByLocationByFeature/${today}/1`,
      presentationBox: `/api/PRES-live/attendanceByDatePresentationBox/${today}/1/venue/11`,
      reportConcessions: `/api/PRES-live/reports/concessions?startDate=${addDays(today, -30)}&endDate=${today}`,
      reportSalesByPointOfSale: `/api/PRES-live/reports/salesByPointOfSale?startDate=${addDays(today, -30)}&endDate=${today}`,
      reportTopFeatures: `/api/PRES-live/reports/topFeatures?startDate=${addDays(today, -30)}&endDate=${today}`,
    };
    const results: Record<string, { p50: number; p95: number; max: number; status: number }> = {};
    for (const [name, url] of Object.entries(calls)) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < N + 3; i++) {
        const s = performance.now();
        const r = await app.inject({ url, headers: { cookie, 'accept-language': 'he' } });
        const ms = performance.now() - s;
        status = r.statusCode;
        if (i >= 3) times.push(ms);
      }
      results[name] = { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(Math.max(...times)), status };
    }
    const over = Object.entries(results).filter(([, r]) => r.p95 > TARGET_P95_MS).map(([k]) => k);
    return {
      engine: 'pglite', tickets: counts!.tickets, reservations: counts!.reservations, seedMs: Math.round(seedMs),
      setupMs: Math.round(t1 - t0), iterations: N, targetP95Ms: TARGET_P95_MS, overTarget: over, calls: results,
    };
  } finally {
    await app.close();
    await db.close();
  }
}

/** JS of the staff routes after sign-in (cold cache), and whether any visitor remote was fetched. */
async function staffRouteBytes(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const out: Record<string, unknown> = {};
  try {
    for (const [route, ready] of [['/PRES-live', 'table caption'], ['/PRES-live/ticket-ref', 'table caption']] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const js: Promise<{ url: string; raw: number; gzip: number }>[] = [];
      const urls: string[] = [];
      page.on('request', (r) => urls.push(r.url()));
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) js.push(r.body().then((b) => ({ url: r.url(), raw: b.length, gzip: gzipSync(b).length })).catch(() => ({ url: r.url(), raw: 0, gzip: 0 })));
      });
      const started = Date.now();
      await page.goto(`${baseUrl}${route}?lang=en`);
      await page.locator('#staff-login-title').waitFor();
      await page.getByLabel('Username').fill(STAFF_USERS[0].username);
      await page.getByLabel('Password').fill(STAFF_USERS[0].password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      const ms = Date.now() - started;
      const files = await Promise.all(js);
      const visitor = urls.filter((u) => /\/remotes\/mf-(booking|customer|memberships|vouchers)\//.test(u));
      out[route] = {
        jsFiles: files.length, jsBytes: files.reduce((a, f) => a + f.raw, 0), jsGzipBytes: files.reduce((a, f) => a + f.gzip, 0),
        staffRemoteJsBytes: files.filter((f) => /\/remotes\/mf-(preslive|ticketref)\//.test(f.url)).reduce((a, f) => a + f.raw, 0),
        requests: urls.length, signedInFirstScreenMs: ms, visitorRemoteRequests: visitor.length,
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

export async function benchStaff(baseUrl?: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { dashboard: await apiLatencies() };
  if (baseUrl) out.routes = await staffRouteBytes(baseUrl);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchStaff(process.argv[2]), null, 2));
}
