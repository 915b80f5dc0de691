import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

// The module graph of the repository's own TypeScript, type-only imports included:
// eslint-plugin-import's no-cycle skips `import type`, yet a type cycle still ties two
// modules together (neither can move or be read without the other), so this check
// counts every edge the compiler would follow.

/** TypeScript and the few plain-JavaScript launchers beside it (a cycle may pass through either). */
const SOURCE = /\.(?:m?[jt]s|cjs)$/;
/** Build output and installed code: not ours, and never part of a cycle we can fix. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', '.serverless', '.esbuild', 'coverage', '.bench-out', '.artifacts']);

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) sourceFiles(path, into);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) into.push(path);
  }
  return into;
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/**
 * The file a relative specifier names, as the Bundler resolution of tsconfig.json finds it:
 * written with its extension, with a .js/.mjs standing for the .ts/.mts beside it, or bare
 * (then with an extension added, or as a folder's index). Packages and unresolved names: null.
 */
export function resolveSpecifier(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../') && specifier !== '.' && specifier !== '..') return null;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    ...['.ts', '.mts', '.js', '.mjs', '.cjs'].map((extension) => `${base}${extension}`),
    join(base, 'index.ts'),
    join(base, 'index.mts'),
    join(base, 'index.js'),
  ];
  return candidates.find((path) => SOURCE.test(path) && isFile(path)) ?? null;
}

/**
 * Every module specifier of a file: static imports and re-exports (type-only or not),
 * `require()` and `import x = require()`, and dynamic `import('...')` with a literal argument, in code
 * or in a type position. The scanner skips comments and strings, so a name in either is no edge.
 */
export function specifiersOf(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((file) => file.fileName);
}

export type ImportGraph = Map<string, Set<string>>;

/** The import graph of every source file under `dirs` of `root`, keyed by path relative to root. */
export function importGraph(root: string, dirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const files = dirs.flatMap((dir) => (existsSync(join(root, dir)) ? sourceFiles(join(root, dir)) : []));
  const key = (path: string) => relative(root, path).split(sep).join('/');
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, specifier);
      if (target) targets.add(key(target));
    }
    graph.set(key(file), targets);
  }
  return graph;
}

/**
 * The strongly connected components that are cycles (two or more modules, or one that imports
 * itself), by Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
 */
export function cyclicComponents(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const edges = (node: string) => [...(graph.get(node) ?? [])].filter((to) => graph.has(to));

  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; pending: string[] }[] = [];
    const visit = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, pending: edges(node) });
    };
    visit(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const to = frame.pending.pop();
      if (to !== undefined) {
        if (!index.has(to)) visit(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || graph.get(frame.node)!.has(frame.node)) components.push(component.sort());
    }
  }
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One shortest cycle through the first module of a component, to show a reader where to cut. */
export function exampleCycle(graph: ImportGraph, component: string[]): string[] {
  const inside = new Set(component);
  const start = component[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const to of graph.get(queue[i]) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const path = [queue[i]];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, queue[i]);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** A reader's account of each cycle: its modules, and one path round it. */
export function describeCycles(graph: ImportGraph, components: string[][]): string {
  return components.map((component) => `${component.join(', ')}\n    e.g. ${exampleCycle(graph, component).join(' -> ')}`).join('\n');
}
