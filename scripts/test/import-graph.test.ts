import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, cyclePath, importGraph, importSpecifiers } from '../lib/import-graph.ts';

/** Writes a throw-away package src/ from a map of relative path → source. */
function srcOf(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'circles-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const names = (dir: string, found: string[][]) => found.map((c) => c.map((f) => path.relative(dir, f)));

describe('import circles', () => {
  it('reads static, re-export, type-only, side-effect and dynamic imports, not commented ones', () => {
    const code = `import a from './a';\nimport type { B } from "./b";\nexport { c } from './c';\nimport './d.css';\nconst e = () => import('./e');\n// import z from './z';\n/* import y from './y'; */\nimport {\n  f,\n} from './f';`;
    expect(importSpecifiers(code)).toEqual(['./a', './b', './c', './f', './d.css', './e']);
  });

  it('finds the definition ↔ NAMESPACE circle and walks it', () => {
    const dir = srcOf({
      'definition.ts': `import { App } from './App';\nexport const NAMESPACE = 'x';`,
      'App.tsx': `import { List } from './list/List';\nexport const App = 1;`,
      'list/List.tsx': `import { NAMESPACE } from '../definition';\nexport const List = NAMESPACE;`,
      'locales/index.ts': `export const NAMESPACE = 'x';`,
    });
    const graph = importGraph(dir);
    const found = circles(graph);
    expect(names(dir, found)).toEqual([['App.tsx', 'definition.ts', 'list/List.tsx']]);
    expect(cyclePath(graph, found[0]).map((f) => path.relative(dir, f))).toEqual(['App.tsx', 'list/List.tsx', 'definition.ts', 'App.tsx']);
  });

  it('reports nothing once NAMESPACE comes from locales/index.ts, and a self-import is a circle', () => {
    const fixed = srcOf({
      'definition.ts': `import { App } from './App';\nimport { NAMESPACE } from './locales';`,
      'App.tsx': `import { List } from './list/List';`,
      'list/List.tsx': `import { NAMESPACE } from '../locales';`,
      'locales/index.ts': `export const NAMESPACE = 'x';`,
    });
    expect(circles(importGraph(fixed))).toEqual([]);
    const self = srcOf({ 'a.ts': `import { a } from './a.ts';` });
    expect(names(self, circles(importGraph(self)))).toEqual([['a.ts']]);
  });
});
