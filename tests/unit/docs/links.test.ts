import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, commentProblems, markdownProblems, type Problem } from './links';

// Documentation moved out of the top page into docs/ by reader; these checks keep every way into
// it (Markdown links, code comments naming a page) pointing at something that exists.

const ROOT = resolve(import.meta.dirname, '../../..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', '.artifacts', '.serverless', '.esbuild']);
const CODE = /\.(ts|mts|cjs|mjs)$/;

function walk(dir: string, keep: (path: string) => boolean, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, keep, out);
    else if (keep(path)) out.push(path);
  }
  return out;
}

const rel = (path: string): string => relative(ROOT, path).split('\\').join('/');

const markdownFiles = [
  join(ROOT, 'README.md'),
  ...walk(join(ROOT, 'docs'), (p) => p.endsWith('.md')),
  ...['shared', 'functions', 'tests'].flatMap((d) => walk(join(ROOT, d), (p) => p.endsWith('/README.md'))),
];

const codeFiles = ['functions', 'shared', 'infra', 'tests'].flatMap((d) => walk(join(ROOT, d), (p) => CODE.test(p)));

const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(path: string): Set<string> {
  let anchors = anchorCache.get(path);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(path, 'utf8'));
    anchorCache.set(path, anchors);
  }
  return anchors;
}

/** The filesystem the checks resolve against: the repository itself. */
const repo = {
  exists: (path: string): boolean => existsSync(join(ROOT, path)),
  anchors: (path: string): Set<string> | undefined => (path.endsWith('.md') ? anchorsOfFile(join(ROOT, path)) : undefined),
};

function scanComments(files: string[]): Problem[] {
  return files.flatMap((file) => commentProblems(readFileSync(file, 'utf8'), rel(file), repo));
}

const show = (problems: Problem[]): string[] => problems.map((p) => `${p.file}:${p.line}: ${p.message}`);

describe('documentation links', () => {
  it('README.md stays short (at most 300 lines)', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length - 1;
    expect(lines).toBeLessThanOrEqual(300);
  });

  it('every relative Markdown link and anchor resolves', () => {
    expect(markdownFiles.length).toBeGreaterThan(10);
    const problems = markdownFiles.flatMap((file) =>
      markdownProblems(readFileSync(file, 'utf8'), rel(file), (target) => rel(resolve(dirname(file), target)), repo),
    );
    expect(show(problems)).toEqual([]);
  });

  it('every code comment naming a README or docs page names one that exists, by path and #anchor', () => {
    const problems = scanComments(codeFiles);
    expect(show(problems)).toEqual([]);
  });

  it('bites on a planted dangling reference', () => {
    const planted = [
      '// see README "No such heading"',
      '// docs/api/limits.md#no-such-anchor',
      '/* shared/nowhere/README.md */',
      '// See README.md in this folder',
      '// docs/api/limits.md#large-bodies is fine, as is shared/geo/README.md',
      'const s = \'README "Strings" are not comments\';',
    ].join('\n');
    const problems = commentProblems(planted, 'planted.ts', repo);
    expect(problems.map((p) => p.line)).toEqual([1, 2, 3, 4]);

    const page = '# Title\n\n[ok](#title) [gone](#nothing) [missing](nope.md) [web](https://example.com)\n';
    const links = markdownProblems(page, 'docs/planted.md', (t) => `docs/${t}`, repo);
    expect(links.map((p) => p.message)).toEqual(['#nothing: no such heading in docs/planted.md', 'nope.md: no such file']);
  });
});
