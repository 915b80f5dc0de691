/**
 * The road engine stays a library: nothing under shared/roads reaches the routing API, the solver,
 * the optimization service or a store. ESLint says so too; this test also catches a violation
 * that slips past a disabled rule or a file outside the lint run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const engine = join(root, 'shared/roads');

// Every module specifier of a source: static imports (type-only included), re-exports, side-effect
// imports and dynamic import().
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm;

function specifiers(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[2]);
}

const FORBIDDEN: Array<[RegExp, string]> = [
  [/^shared\/(routing|solver|optimization)(\/|$)/, 'the routing API, the solver or the optimization service'],
  [/(^|\/)dynamo(-[^/]*)?$/, 'a DynamoDB adapter'],
  [/(^|\/)([^/]*-)?store$/, 'a store'],
];

/** Why `spec`, imported from repo-relative `file`, is out of bounds; undefined when it is fine. */
function violation(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const target = relative(root, resolve(root, dirname(file), spec))
    .replace(/\\/g, '/')
    .replace(/(\.ts|\/index)$/, '');
  for (const [re, what] of FORBIDDEN) if (re.test(target)) return `${file} imports ${spec} (${what})`;
  return undefined;
}

function violations(file: string, source: string): string[] {
  return specifiers(source).flatMap((s) => violation(file, s) ?? []);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? tsFiles(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

describe('shared/roads boundary', () => {
  it('imports nothing from the routing API, the solver, the optimization service or a store', () => {
    const files = tsFiles(engine);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) => violations(relative(root, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('bites on every kind of import', () => {
    const planted = [
      "import { travelOptions } from '../routing/params';",
      "import type { SolverRequest } from '../solver';",
      "export { solve } from '../solver/index';",
      "export type { Problem } from '../optimization/model';",
      "const m = await import('../routing/service/trip');",
      "import '../places/dynamo-store';",
      "import { ddb } from '../platform/dynamo';",
      "import type { PlaceStore } from '../places/store';",
      "import {\n  a,\n  b,\n} from '../routing/schemas';",
    ].join('\n');
    expect(violations('shared/roads/planted.ts', planted)).toHaveLength(9);
    expect(violations('shared/roads/planted.ts', "import { x } from './graph';\nimport { y } from '../geo/sphere';")).toEqual([]);
  });
});
