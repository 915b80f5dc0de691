import { orient2d, segmentIntersection, type SegmentIntersection } from './predicates';
import type { LonLat } from './types';

export interface SelfIntersection {
  /** Segment i joins vertex i and vertex i+1 of the ring; i < j. */
  i: number;
  j: number;
  kind: Exclude<SegmentIntersection, 'none'>;
  /** True when the two segments share a vertex in the ring (the defect is a spike / fold-back). */
  adjacent: boolean;
}

/**
 * Finds a self-intersection of a closed ring (last == first, no consecutive duplicates) in the
 * plane, exactly (robust orientation predicates), or null when the ring is simple. Non-adjacent
 * segments may not meet at all (crossing, touching at a point, or collinear overlap); adjacent
 * segments may only share their common vertex (a fold-back along the same line is an 'overlap').
 *
 * Shamos-Hoey sweep: segments enter an ordered status (a treap) at their lexicographically
 * smaller end and leave at the other; only segments that become neighbours in the status are
 * tested, since the leftmost intersection is always between two neighbours. O(n log n) for
 * every ring, comb-shaped or not. When the ring has several intersections, which one is
 * reported is the first the sweep meets.
 */
export function findSelfIntersection(ring: readonly LonLat[]): SelfIntersection | null {
  const n = ring.length - 1;
  if (n < 3) return null;
  const foldBack = findFoldBack(ring, n);
  if (foldBack) return foldBack;
  return new Sweep(ring, n).run();
}

const before = (a: LonLat, b: LonLat) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** Adjacent segments that run back along each other (sharing more than their common vertex). */
function findFoldBack(ring: readonly LonLat[], n: number): SelfIntersection | null {
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const v = ring[i + 1],
      a = ring[i],
      c = ring[j + 1];
    if (
      orient2d(a[0], a[1], v[0], v[1], c[0], c[1]) === 0 &&
      Math.sign(a[0] - v[0]) === Math.sign(c[0] - v[0]) &&
      Math.sign(a[1] - v[1]) === Math.sign(c[1] - v[1])
    ) {
      return { i: Math.min(i, j), j: Math.max(i, j), kind: 'overlap', adjacent: true };
    }
  }
  return null;
}

class Found {
  constructor(readonly hit: SelfIntersection) {}
}

class Sweep {
  private readonly left: LonLat[] = [];
  private readonly right: LonLat[] = [];
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly up: Int32Array;
  private readonly prio: Float64Array;
  private root = -1;

  constructor(
    private readonly ring: readonly LonLat[],
    private readonly n: number,
  ) {
    this.lo = new Int32Array(n).fill(-1);
    this.hi = new Int32Array(n).fill(-1);
    this.up = new Int32Array(n).fill(-1);
    this.prio = new Float64Array(n);
    // Deterministic pseudo-random priorities keep the treap balanced without a random source.
    let seed = 0x9e3779b9;
    for (let s = 0; s < n; s++) {
      seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x297a2d39) >>> 0;
      this.prio[s] = seed;
      const a = ring[s],
        b = ring[s + 1];
      const aFirst = before(a, b);
      this.left.push(aFirst ? a : b);
      this.right.push(aFirst ? b : a);
    }
  }

  run(): SelfIntersection | null {
    // Events: 2s = segment s enters at its left end, 2s+1 = it leaves at its right end.
    const events = Array.from({ length: 2 * this.n }, (_, e) => e);
    const at = (e: number) => ((e & 1) === 0 ? this.left[e >> 1] : this.right[e >> 1]);
    events.sort((e, f) => {
      const p = at(e),
        q = at(f);
      return p[0] - q[0] || p[1] - q[1] || (e & 1) - (f & 1);
    });
    try {
      for (const e of events) {
        const s = e >> 1;
        if ((e & 1) === 0) {
          this.insert(s);
          this.check(s, this.neighbour(s, -1));
          this.check(s, this.neighbour(s, 1));
        } else {
          const below = this.neighbour(s, -1),
            above = this.neighbour(s, 1);
          this.remove(s);
          this.check(below, above);
        }
      }
    } catch (error) {
      if (error instanceof Found) return error.hit;
      throw error;
    }
    return null;
  }

  private adjacent(a: number, b: number): boolean {
    const d = Math.abs(a - b);
    return d === 1 || d === this.n - 1;
  }

  private check(a: number, b: number): void {
    if (a < 0 || b < 0 || this.adjacent(a, b)) return;
    const r = this.ring;
    const [i, j] = a < b ? [a, b] : [b, a];
    const kind = segmentIntersection(r[i][0], r[i][1], r[i + 1][0], r[i + 1][1], r[j][0], r[j][1], r[j + 1][0], r[j + 1][1]);
    if (kind !== 'none') throw new Found({ i, j, kind, adjacent: false });
  }

  /** Sign of s's position relative to t in the status, at s's left end (s is being inserted). */
  private compare(s: number, t: number): number {
    const p = this.left[s],
      a = this.left[t],
      b = this.right[t];
    const o = orient2d(a[0], a[1], b[0], b[1], p[0], p[1]);
    if (o !== 0) return o;
    // s starts on t: only allowed where t is s's ring neighbour sharing that vertex.
    if (!this.adjacent(s, t)) this.check(s, t);
    const q = this.right[s];
    return orient2d(a[0], a[1], b[0], b[1], q[0], q[1]) || 1;
  }

  private insert(s: number): void {
    if (this.root < 0) {
      this.root = s;
      return;
    }
    let cur = this.root;
    for (;;) {
      const side = this.compare(s, cur) < 0 ? this.lo : this.hi;
      if (side[cur] < 0) {
        side[cur] = s;
        this.up[s] = cur;
        break;
      }
      cur = side[cur];
    }
    while (this.up[s] >= 0 && this.prio[this.up[s]] < this.prio[s]) this.rotateUp(s);
  }

  private remove(s: number): void {
    const { lo, hi, prio } = this;
    while (lo[s] >= 0 || hi[s] >= 0) {
      const child = lo[s] < 0 ? hi[s] : hi[s] < 0 ? lo[s] : prio[lo[s]] > prio[hi[s]] ? lo[s] : hi[s];
      this.rotateUp(child);
    }
    const p = this.up[s];
    if (p < 0) this.root = -1;
    else if (lo[p] === s) lo[p] = -1;
    else hi[p] = -1;
    this.up[s] = -1;
  }

  /** Lifts x above its parent, keeping the in-order sequence. */
  private rotateUp(x: number): void {
    const { lo, hi, up } = this;
    const p = up[x],
      g = up[p];
    if (lo[p] === x) {
      lo[p] = hi[x];
      if (hi[x] >= 0) up[hi[x]] = p;
      hi[x] = p;
    } else {
      hi[p] = lo[x];
      if (lo[x] >= 0) up[lo[x]] = p;
      lo[x] = p;
    }
    up[p] = x;
    up[x] = g;
    if (g < 0) this.root = x;
    else if (lo[g] === p) lo[g] = x;
    else hi[g] = x;
  }

  /** The segment just below (dir -1) or above (dir 1) s in the status, or -1. */
  private neighbour(s: number, dir: -1 | 1): number {
    const toward = dir < 0 ? this.lo : this.hi;
    const away = dir < 0 ? this.hi : this.lo;
    if (toward[s] >= 0) {
      let x = toward[s];
      while (away[x] >= 0) x = away[x];
      return x;
    }
    let x = s;
    while (this.up[x] >= 0 && toward[this.up[x]] === x) x = this.up[x];
    return this.up[x];
  }
}
