import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cyclicComponents, describeCycles, importGraph } from './import-graph';

// No module may reach itself through imports, type-only ones included (this replaces
// eslint's import/no-cycle, which neither sees `import type` nor runs in under minutes).

const root = resolve(import.meta.dirname, '../../..');
const DIRS = ['functions', 'shared', 'infra', 'tests'];

describe('import cycles', () => {
  it('the repository has none, counting type-only and dynamic imports', () => {
    const graph = importGraph(root, DIRS);
    expect(graph.size).toBeGreaterThan(500);
    const cycles = cyclicComponents(graph);
    expect(cycles, `import cycles:\n${describeCycles(graph, cycles)}`).toEqual([]);
  });

  describe('the checker', () => {
    let tree: string;
    const write = (files: Record<string, string>) => {
      tree = mkdtempSync(join(tmpdir(), 'waymark-cycles-'));
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(tree, path)), { recursive: true });
        writeFileSync(join(tree, path), text);
      }
      return importGraph(tree, ['src']);
    };
    afterEach(() => rmSync(tree, { recursive: true, force: true }));

    it('finds a cycle closed only by `import type`', () => {
      const graph = write({
        'src/a.ts': "import { b } from './b';\nexport type A = { n: number };\nexport const a = b;\n",
        'src/b.ts': "import type { A } from './a';\nexport const b: A = { n: 1 };\n",
      });
      expect(cyclicComponents(graph)).toEqual([['src/a.ts', 'src/b.ts']]);
    });

    it('finds cycles through `export type ... from`, inline type specifiers, folder indexes and dynamic imports', () => {
      const graph = write({
        'src/one/index.ts': "export type { Two } from '../two.js';\nexport type One = 1;\n",
        'src/two.ts': "import { type One } from './one';\nexport type Two = One;\n",
        'src/lazy.mts': "export const load = () => import('./eager');\n",
        'src/eager.ts': "import type { load } from './lazy.mjs';\nexport type Load = typeof load;\n",
        'src/self.ts': "export type Self = typeof import('./self');\n",
      });
      expect(cyclicComponents(graph)).toEqual([['src/eager.ts', 'src/lazy.mts'], ['src/one/index.ts', 'src/two.ts'], ['src/self.ts']]);
      expect(describeCycles(graph, [['src/one/index.ts', 'src/two.ts']])).toContain('src/one/index.ts -> src/two.ts -> src/one/index.ts');
    });

    it('passes a tree without a cycle, whatever its comments, strings and packages name', () => {
      const graph = write({
        'src/a.ts': "import type { B } from './b';\nimport ts from 'typescript';\nexport type A = B | typeof ts;\n",
        'src/b.ts': "// import { a } from './a';\nexport const text = \"import './a'\";\nexport type B = string;\n",
        'src/c.ts': "import { text } from './b';\nimport type { A } from './a';\nexport const c: A = text;\n",
      });
      expect(graph.get('src/a.ts')).toEqual(new Set(['src/b.ts']));
      expect(graph.get('src/b.ts')).toEqual(new Set());
      expect(cyclicComponents(graph)).toEqual([]);
    });
  });
});
