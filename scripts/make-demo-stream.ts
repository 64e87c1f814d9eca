/**
 * Draws the demo's video-on-demand clip (api/assets/demo-stream.webm): eight seconds of a light crossing the screen
 * over the site's colours, no words and no sound (one clip for every language), recorded by Debian's Chromium with
 * MediaRecorder (VP8, 100 kbit/s, ≈ 90 KB). Run again only to change the clip: `npx tsx scripts/make-demo-stream.ts`.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const OUT = new URL('../api/assets/demo-stream.webm', import.meta.url);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
await page.setContent('<canvas id="c" width="640" height="360"></canvas>');
const base64 = await page.evaluate(`(async () => {
  const c = document.getElementById('c'); const g = c.getContext('2d');
  const rec = new MediaRecorder(c.captureStream(24), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 100000 });
  const chunks = []; rec.ondataavailable = (e) => chunks.push(e.data);
  const stopped = new Promise((r) => { rec.onstop = r; });
  rec.start(100);
  const t0 = performance.now(), D = 8000;
  await new Promise((resolve) => {
    const frame = () => {
      const t = performance.now() - t0, k = Math.min(1, t / D);
      const bg = g.createLinearGradient(0, 0, 640, 360);
      bg.addColorStop(0, '#0f1220'); bg.addColorStop(1, '#22274a');
      g.fillStyle = bg; g.fillRect(0, 0, 640, 360);
      g.fillStyle = 'rgba(255,183,3,0.85)';
      g.beginPath(); g.arc(80 + 480 * k, 170 + 60 * Math.sin(k * Math.PI * 4), 36, 0, Math.PI * 2); g.fill();
      g.fillRect(40, 320, 560 * k, 6);
      g.strokeStyle = 'rgba(244,245,251,0.4)'; g.strokeRect(40, 320, 560, 6);
      if (t < D) requestAnimationFrame(frame); else resolve();
    };
    frame();
  });
  rec.stop(); await stopped;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let s = ''; for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
})()`) as string;
writeFileSync(OUT, Buffer.from(base64, 'base64'));
await browser.close();
console.log(`wrote ${OUT.pathname}`);
