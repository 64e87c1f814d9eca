/**
 * `npm test` → "import circles": no import circle in any package's src/. Each circle is printed with one
 * import path that walks it; the check fails on any circle not in scripts/lib/circles-allowed.json.
 * That file lists known circles still to be removed, by package, each named by a file it passes through
 * ("allowed": any circle containing that file). Keep it shrinking: an entry that no longer matches a
 * circle fails the check too, so a fixed circle must also leave the list.
 * Usage: tsx scripts/check-circles.ts [package…]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/apps.ts';
import { circles, cyclePath, importGraph } from './lib/import-graph.ts';

export const CHECKED_PACKAGES = ['shared', 'seatmap', 'api', 'host', 'mf-booking', 'mf-customer', 'mf-memberships', 'mf-vouchers', 'mf-preslive', 'mf-ticketref', 'scripts'];

interface Allowed { [pkg: string]: { through: string; why?: string }[] }

const allowed: Allowed = JSON.parse(readFileSync(path.join(ROOT, 'scripts', 'lib', 'circles-allowed.json'), 'utf8')).circles;
const packages = process.argv.slice(2).length ? process.argv.slice(2) : CHECKED_PACKAGES;
let failures = 0;
let known = 0;
for (const pkg of packages) {
  const pkgDir = path.join(ROOT, pkg);
  const srcDir = pkg === 'scripts' ? pkgDir : path.join(pkgDir, 'src');
  const graph = importGraph(srcDir);
  const rel = (f: string) => path.relative(pkgDir, f);
  const entries = allowed[pkg] ?? [];
  const used = new Set<string>();
  for (const component of circles(graph)) {
    const files = component.map(rel);
    const entry = entries.find((e) => files.includes(e.through));
    const route = cyclePath(graph, component).map(rel).join(' → ');
    if (entry) {
      used.add(entry.through);
      known++;
      console.log(`~ ${pkg}: known circle of ${files.length} files through ${entry.through} (circles-allowed.json): ${route}`);
    } else {
      failures++;
      console.log(`✗ ${pkg}: import circle of ${files.length} files: ${route}\n    files: ${files.join(', ')}`);
    }
  }
  for (const e of entries) {
    if (used.has(e.through)) continue;
    failures++;
    console.log(`✗ ${pkg}: circles-allowed.json lists a circle through ${e.through}, but there is none: remove the entry`);
  }
}
console.log(failures ? `${failures} import circle problem(s)` : `no new import circles in ${packages.length} packages (${known} known, listed in scripts/lib/circles-allowed.json)`);
process.exit(failures ? 1 : 0);
