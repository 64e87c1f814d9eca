import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';
import { transformSync } from 'esbuild';

/**
 * Finds user-facing text written into components instead of coming from i18next: JSX text with a letter in it,
 * and string literals given to the attributes a person reads or hears (aria-label, title, placeholder, alt…).
 * Symbols and digits alone (₪, ×, →, 1/2) are not language and pass.
 * (TypeScript 7 has no JavaScript API: esbuild turns the JSX into calls of a marker function, acorn reads them.)
 */
export interface LiteralText { file: string; text: string }

const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const LETTER = /\p{L}/u;
const MARK = '__jsx_literal_scan__';

type Node = { type: string; [key: string]: unknown };
const isString = (n: unknown): n is Node & { value: string } => !!n && (n as Node).type === 'Literal' && typeof (n as { value: unknown }).value === 'string';
const templateText = (n: Node) => (n.type === 'TemplateLiteral' && (n.expressions as unknown[]).length === 0 ? (n.quasis as Array<{ value: { cooked: string } }>)[0]!.value.cooked : undefined);

export function literalTextIn(file: string, code = readFileSync(file, 'utf8')): LiteralText[] {
  const js = transformSync(code, { loader: 'tsx', jsx: 'transform', jsxFactory: MARK, jsxFragment: 'null', sourcefile: file }).code;
  const found: LiteralText[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) { node.forEach(visit); return; }
    const n = node as Node;
    if (n.type === 'CallExpression' && (n.callee as Node).type === 'Identifier' && (n.callee as { name: string }).name === MARK) {
      const [, props, ...children] = n.arguments as Node[];
      for (const c of children) if (isString(c) && LETTER.test(c.value)) found.push({ file, text: c.value.trim().slice(0, 60) });
      if (props?.type === 'ObjectExpression') {
        for (const p of props.properties as Node[]) {
          const key = p.key as Node | undefined;
          const name = key && (isString(key) ? key.value : (key as { name?: string }).name);
          const value = p.value as Node | undefined;
          const text = value && (isString(value) ? value.value : templateText(value));
          if (name && READ_ATTRIBUTES.has(name) && text && LETTER.test(text)) found.push({ file, text: `${name}="${text}"` });
        }
      }
    }
    for (const v of Object.values(n)) if (v && typeof v === 'object') visit(v);
  };
  visit(parse(js, { ecmaVersion: 'latest', sourceType: 'module' }));
  return found;
}

/** Every .tsx under the given folders, tests and node_modules left out. */
export function componentFiles(dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name === 'test') continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.tsx') && !name.endsWith('.test.tsx')) out.push(full);
    }
  };
  for (const d of dirs) walk(d);
  return out;
}
