/**
 * A tiny import resolver for one package's src/: every relative import (static, re-export, side-effect,
 * dynamic `import()`, type-only too, since a type circle is still a circle in the module structure)
 * resolved to a file, and the circles in that graph (strongly connected components of two or more
 * files, or a file importing itself). Package imports (`@ticketing/shared`, react…) are not followed:
 * packages never import each other's source, so every circle lies inside one package.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry) && !entry.endsWith('.d.ts') ? [full] : [];
  });
}

/** Source without its block comments and whole-line comments, so commented-out imports do not count. */
export const withoutComments = (source: string): string => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The module specifiers a file imports (comments removed first). */
export function importSpecifiers(source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, // import x from '…', export { y } from '…'
    /\bimport\s*['"]([^'"]+)['"]/g, // import '…' (side effect)
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, // import('…')
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile() && SOURCE.test(candidate)) return candidate;
  }
  return undefined;
}

/** file → the files it imports, for every source file under `srcDir`. */
export function importGraph(srcDir: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(srcDir)) {
    const targets = new Set<string>();
    for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolve(file, spec);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The circles of a graph: each a sorted list of the files in one strongly connected component (Tarjan). */
export function circles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return found;
}

/** One import path that walks a circle, start → … → start, for the report. */
export function cyclePath(graph: Map<string, Set<string>>, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const route = [start];
        for (let at = v; at !== start; at = previous.get(at)!) route.splice(1, 0, at);
        return [...route, start];
      }
      if (!previous.has(w)) { previous.set(w, v); queue.push(w); }
    }
  }
  return [start, start];
}
