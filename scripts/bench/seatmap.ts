/**
 * Seat map benchmark (issue 3): first render and click-to-highlight in Chromium for the 200-seat hall
 * (venue 11) and the 20,000-seat arena (venue 14), read from the Performance API marks the seat map sets:
 *   seatmap:parse          zod parse of the seatplanV2 response (before rendering)
 *   seatmap:render         model build + status + first canvas draw (synchronous main-thread work)
 *   seatmap:click          pointerup → seat repainted on the canvas (synchronous)
 *   seatmap:click:toFrame  pointerup → next animation frame (includes React's commit of the accessible layer)
 * Median of 5 runs, each in a fresh browser context (a new visit). Usage: benchSeatmap('http://127.0.0.1:8080').
 */
import { chromium, type Browser } from 'playwright-core';

const RUNS = 5;
const TARGETS = { arenaFirstRenderMs: 100, clickToHighlightMs: 50 };

const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return +(s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2).toFixed(2);
};

async function findPresentation(baseUrl: string, venueId: number): Promise<number> {
  for (let d = 0; d < 29; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
    const res = await fetch(`${baseUrl}/api/seats/presentations?date=${date}`);
    if (!res.ok) continue;
    const body = (await res.json()) as { presentations: Array<{ id: number; venueId: number; dateTime: string; available: number; capacity: number }> };
    // an (almost) empty house, so that every run finds seats to click (the seeded sales fill some presentations)
    const p = body.presentations.find((x) => x.venueId === venueId && Date.parse(x.dateTime) > Date.now() + 3600_000 && x.available >= x.capacity * 0.9);
    if (p) return p.id;
  }
  throw new Error(`no future presentation for venue ${venueId}`);
}

interface Run { parseMs: number; renderMs: number; clickMs: number; clickToFrameMs: number; seats: number }

async function measureOnce(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('seatmap:render').length > 0, undefined, { timeout: 60_000 });
    await page.waitForSelector('[role="gridcell"][data-status="available"]', { state: 'attached' });
    const seats = Number(await page.getAttribute('[data-testid="seatmap"]', 'data-seats'));
    // a seat that can be chosen (available, not blocked), near the middle of the grid cells
    const cells = page.locator('[role="gridcell"][data-status="available"]');
    const n = await cells.count();
    const box = await cells.nth(Math.floor(n / 2)).boundingBox();
    if (!box) throw new Error('no seat box');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => performance.getEntriesByName('seatmap:click:toFrame').length > 0, undefined, { timeout: 10_000 });
    const get = (name: string) => page.evaluate((nm) => performance.getEntriesByName(nm).at(-1)?.duration ?? NaN, name);
    return {
      parseMs: await get('seatmap:parse'), renderMs: await get('seatmap:render'),
      clickMs: await get('seatmap:click'), clickToFrameMs: await get('seatmap:click:toFrame'), seats,
    };
  } finally {
    await context.close();
  }
}

export async function benchSeatmap(baseUrl: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  const out: Record<string, unknown> = { runs: RUNS, targets: TARGETS };
  try {
    for (const [name, venue] of [['hall200', 11], ['arena20000', 14]] as const) {
      const id = await findPresentation(baseUrl, venue);
      const runs: Run[] = [];
      for (let k = 0; k < RUNS; k++) runs.push(await measureOnce(browser, `${baseUrl}/order/${id}?lang=en`));
      out[name] = {
        presentationId: id,
        seats: runs[0]?.seats,
        parseMs: median(runs.map((r) => r.parseMs)),
        firstRenderMs: median(runs.map((r) => r.renderMs)),
        clickToHighlightMs: median(runs.map((r) => r.clickMs)),
        clickToNextFrameMs: median(runs.map((r) => r.clickToFrameMs)),
        all: runs,
      };
    }
    const arena = out.arena20000 as { firstRenderMs: number | null; clickToHighlightMs: number | null; clickToNextFrameMs: number | null };
    out.meetsTargets = {
      arenaFirstRender: arena.firstRenderMs !== null && arena.firstRenderMs <= TARGETS.arenaFirstRenderMs,
      clickToHighlight: arena.clickToHighlightMs !== null && arena.clickToHighlightMs <= TARGETS.clickToHighlightMs,
      clickToNextFrame: arena.clickToNextFrameMs !== null && arena.clickToNextFrameMs <= TARGETS.clickToHighlightMs,
    };
  } finally {
    await browser.close();
  }
  return out;
}

// `npx tsx scripts/bench/seatmap.ts http://127.0.0.1:8080`
if (import.meta.url === `file://${process.argv[1]}`) {
  benchSeatmap(process.argv[2] ?? 'http://127.0.0.1:8080').then((r) => console.log(JSON.stringify(r, null, 2)));
}
