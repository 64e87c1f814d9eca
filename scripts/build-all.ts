/**
 * `npm run build`: builds every app (host and each remote) for production into its own `dist/`,
 * one after the other (each build already uses every core), printing each build's time.
 */
import { APPS, buildApp } from './lib/apps.ts';

const started = performance.now();
for (const app of APPS) {
  process.stdout.write(`building ${app}… `);
  const ms = await buildApp(app, { quiet: true });
  process.stdout.write(`${(ms / 1000).toFixed(1)} s\n`);
}
console.log(`built ${APPS.length} apps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
