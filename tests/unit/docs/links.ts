import ts from 'typescript';

// Checks of documentation references, kept apart from the file walking so that the test can
// plant broken examples and see them caught.

export interface Problem {
  file: string;
  line: number;
  message: string;
}

/** Where references resolve: paths are from the repository root. */
export interface Repo {
  exists(path: string): boolean;
  /** The heading anchors of a Markdown file; undefined for other files. */
  anchors(path: string): Set<string> | undefined;
}

/** GitHub's heading anchor: lowercase, punctuation other than '-' and '_' dropped, spaces to '-'. */
export function slug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) out.push({ line: i + 1, text: line });
  });
  return out;
}

export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function checkTarget(path: string, anchor: string | undefined, repo: Repo, shown: string): string | undefined {
  if (!repo.exists(path)) return `${shown}: no such file`;
  if (anchor === undefined) return undefined;
  const anchors = repo.anchors(path);
  if (anchors && !anchors.has(anchor)) return `${shown}: no such heading in ${path}`;
  return undefined;
}

/**
 * Relative links and anchors of one Markdown file. `resolveTarget` turns a link target into a
 * path from the repository root.
 */
export function markdownProblems(markdown: string, file: string, resolveTarget: (target: string) => string, repo: Repo): Problem[] {
  const problems: Problem[] = [];
  const own = anchorsOf(markdown);
  for (const { line, text } of proseLines(markdown)) {
    const prose = text.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split('#') as [string, string | undefined];
      let message: string | undefined;
      if (path === '') {
        if (anchor !== undefined && !own.has(anchor)) message = `#${anchor}: no such heading in ${file}`;
      } else {
        message = checkTarget(resolveTarget(decodeURIComponent(path)), anchor, repo, target);
      }
      if (message) problems.push({ file, line, message });
    }
  }
  return problems;
}

/** Every comment of a TypeScript or JavaScript source, with the line it starts on. */
function commentsOf(source: string, file: string): { line: number; text: string }[] {
  const kind = /\.(cjs|mjs|js)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const out: { line: number; text: string }[] = [];
  const take = (ranges: ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      out.push({ line: sf.getLineAndCharacterOfPosition(range.pos).line + 1, text: source.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node): void => {
    take(ts.getLeadingCommentRanges(source, node.getFullStart()));
    take(ts.getTrailingCommentRanges(source, node.getEnd()));
    node.forEachChild(visit);
  };
  take(ts.getLeadingCommentRanges(source, 0));
  visit(sf);
  take(ts.getLeadingCommentRanges(source, sf.endOfFileToken.getFullStart()));
  return out.sort((a, b) => a.line - b.line);
}

// A page is named by its path from the repository root, a section by its #anchor:
// `docs/api/responses-and-errors.md#error-body`, `shared/geocoding/README.md#search-pipeline`.
const REFERENCE = /(?<![\w./-])((?:[\w.-]+\/)*[\w.-]+\.md)(?:#([\w-]+))?/g;

/** Comments that name a Markdown page: each must name an existing page, and section. */
export function commentProblems(source: string, file: string, repo: Repo): Problem[] {
  const problems: Problem[] = [];
  if (!/README|\.md\b/.test(source)) return problems; // parsing every file would take seconds
  for (const comment of commentsOf(source, file)) {
    comment.text.split('\n').forEach((text, i) => {
      const line = comment.line + i;
      const covered: [number, number][] = [];
      for (const match of text.matchAll(REFERENCE)) {
        const [whole, path, anchor] = match;
        const start = match.index;
        covered.push([start, start + whole.length]);
        let message: string | undefined;
        if (!path.includes('/') && anchor === undefined && path === 'README.md') {
          message = `${whole}: name the README by its folder (shared/<feature>/README.md), or a section of the top one by #anchor`;
        } else if (/^\s*[,:]?\s*"/.test(text.slice(start + whole.length))) {
          message = `${whole} "...": name the section as ${path}#anchor`;
        } else {
          message = checkTarget(path, anchor, repo, whole);
        }
        if (message) problems.push({ file, line, message });
      }
      for (const match of text.matchAll(/\bREADME\b/g)) {
        if (covered.some(([from, to]) => match.index >= from && match.index < to)) continue;
        problems.push({ file, line, message: `"${text.trim()}": name the page by its path, e.g. docs/api/limits.md#large-bodies` });
      }
    });
  }
  return problems;
}
