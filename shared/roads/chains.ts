/**
 * Degree-2 chain compression for the graph builder: a run of directed pieces of one way through
 * nodes that are nothing but shape (no junction, no way end, no barrier or turning place, no turn
 * restriction passing them) becomes one edge, its inner nodes kept as shape points.
 */

/** The builder's directed pieces as the compression needs them. */
export interface Pieces {
  count: number;
  tail: (p: number) => number;
  head: (p: number) => number;
  /** The piece that continues p in the same way and direction at p's head, -1 at a way's end. */
  next: (p: number) => number;
}

/**
 * Chains of pieces: `first[c]` is chain c's first piece, followed by next() until a kept head.
 * `keep` is extended with the nodes that split chains which would otherwise give a loop or a
 * second edge between the same two nodes (turns, twins and node-to-node edits need them unique).
 */
export function findChains(pieces: Pieces, keep: Uint8Array): number[] {
  const first = walkChains(pieces, keep);
  const pairs = new Map<number, number>();
  const n = keep.length;
  const split: number[][] = [];
  const claim = (a: number, b: number, id: number): boolean => {
    // exact below 2^53: node counts stay far under 2^26
    const key = a < b ? a * n + b : b * n + a;
    const owner = pairs.get(key);
    if (owner === undefined) {
      pairs.set(key, id);
      return true;
    }
    return owner === id;
  };
  // direct pieces first: they cannot be split, so chains give way to them
  for (const p of first) if (keep[pieces.head(p)]) claim(pieces.tail(p), pieces.head(p), -1);
  // a chain's inner nodes are walked when needed, not held for all chains (a country has millions)
  for (const p of first) {
    if (keep[pieces.head(p)]) continue;
    const inner = innerNodes(pieces, keep, p);
    const a = pieces.tail(p);
    const b = pieces.head(lastPiece(pieces, keep, p));
    // both directions of a two-way chain share their inner nodes: the smallest names the chain
    let id = inner[0];
    for (const x of inner) if (x < id) id = x;
    const at = (f: number) => inner[Math.floor(inner.length * f)];
    if (a === b) split.push(inner.length >= 3 ? [at(1 / 3), at(2 / 3)] : inner);
    else if (!claim(a, b, id)) split.push([at(1 / 2)]);
  }
  if (split.length === 0) return first;
  for (const nodes of split) for (const x of nodes) keep[x] = 1;
  return walkChains(pieces, keep);
}

function walkChains(pieces: Pieces, keep: Uint8Array): number[] {
  const first: number[] = [];
  for (let p = 0; p < pieces.count; p++) if (keep[pieces.tail(p)]) first.push(p);
  return first;
}

function innerNodes(pieces: Pieces, keep: Uint8Array, p: number): number[] {
  const out: number[] = [];
  for (let q = p; !keep[pieces.head(q)]; q = pieces.next(q)) out.push(pieces.head(q));
  return out;
}

/** The last piece of the chain starting with p. */
export function lastPiece(pieces: Pieces, keep: Uint8Array, p: number): number {
  let q = p;
  while (!keep[pieces.head(q)]) q = pieces.next(q);
  return q;
}
