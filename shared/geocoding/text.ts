// Text similarity used by the ranker. All inputs are already folded (see foldText).

/** Optimal-string-alignment distance (Levenshtein + adjacent transposition), capped: returns max+1 when above `max`. */
export function osaDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (a === b) return 0;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, prev2[j - 2] + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb] > max ? max + 1 : prev[lb];
}

/** Whether a and b are at most one edit apart (insert, delete, substitute or swap adjacent). O(n). */
export function withinOneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (la - lb > 1 || lb - la > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === la && i === lb) return true;
  if (la === lb) {
    // substitution, or adjacent swap
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Typos tolerated in a query token of this length (whole-word match). */
export function maxTypos(length: number): number {
  if (length < 4) return 0;
  if (length < 8) return 1;
  return 2;
}

/** Match quality of query token `q` against one word `w`, in [0, 1]. `last`: the token may be an unfinished prefix. */
export function tokenMatch(q: string, w: string, last: boolean): number {
  if (q === w) return 1;
  const ql = q.length;
  const wl = w.length;
  if (wl > ql && w.startsWith(q)) {
    return (last ? 0.75 : 0.55) + 0.2 * (ql / wl);
  }
  const maxD = maxTypos(ql);
  if (maxD === 0) return 0;
  if (Math.abs(ql - wl) <= maxD) {
    if (withinOneEdit(q, w)) return 0.8;
    if (maxD >= 2 && q.charCodeAt(0) === w.charCodeAt(0) && osaDistance(q, w, 2) <= 2) return 0.65;
  }
  if (last && wl > ql && q.charCodeAt(0) === w.charCodeAt(0)) {
    // prefix with a typo: compare against the word's beginning of about the same length
    for (let len = ql - 1; len <= ql + 1; len++) {
      if (len < 3 || len >= wl) continue;
      if (withinOneEdit(q, w.slice(0, len))) return 0.6 + 0.15 * (ql / wl);
    }
  }
  return 0;
}

/** Per-query memo of tokenMatch results keyed by word (words repeat across candidates). */
export class TokenMatcher {
  private readonly memo: Map<string, number>[];
  /** `lastIsPrefix`: the last token may be unfinished (the query does not end with a space). */
  constructor(
    readonly tokens: string[],
    readonly lastIsPrefix = true,
  ) {
    this.memo = tokens.map(() => new Map());
  }
  score(tokenIndex: number, word: string): number {
    const m = this.memo[tokenIndex];
    let v = m.get(word);
    if (v === undefined) {
      v = tokenMatch(this.tokens[tokenIndex], word, this.lastIsPrefix && tokenIndex === this.tokens.length - 1);
      m.set(word, v);
    }
    return v;
  }
}

/** Similarity of two folded strings in [0, 1] (1 - normalised OSA distance). */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const L = Math.max(a.length, b.length);
  if (L === 0) return 1;
  const d = osaDistance(a, b, L);
  return 1 - d / L;
}
