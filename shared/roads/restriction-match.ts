/**
 * Query-time matching of turn restrictions (paths of directed edges) as an automaton over edges
 * (Aho and Corasick 1975): a state is a directed edge together with the longest restriction
 * prefix that ends with it, so a restriction over several via ways is matched exactly however the
 * route came to its from edge. State e (< edgeCount) is edge e with nothing matched beyond it;
 * longer prefixes get states from edgeCount up.
 */
import type { TurnRestrictions } from './graph';
import { RESTRICT_ONLY } from './profiles';

export class RestrictionMatcher {
  /** Edge of every extra state (index = state - edgeCount). */
  readonly extraEdge: number[] = [];
  private readonly m: number;
  /** Trie children: state * m + edge -> state. */
  private readonly child = new Map<number, number>();
  /** Failure link of every extra state: the longest proper suffix that is a state. */
  private readonly fail: number[] = [];
  /** state * m + edge: driving `edge` from `state` completes a `no_*` path. */
  private readonly banned = new Set<number>();
  /**
   * State -> the edges its `only_*` paths continue with. Every one of them must be obeyed, so two
   * that disagree (a tagging conflict) leave no way on.
   */
  private readonly onlyNext = new Map<number, number[]>();

  /** `applies(r)`: restriction r counts for this mode and departure. */
  constructor(edgeCount: number, r: TurnRestrictions, applies: (r: number) => boolean) {
    this.m = edgeCount;
    const count = r.kind.length;
    for (let i = 0; i < count; i++) {
      const a = r.start[i];
      const b = r.start[i + 1];
      if (b - a < 2 || !applies(i)) continue;
      let s = r.edges[a];
      for (let k = a + 1; k < b; k++) {
        const x = r.edges[k];
        if (k === b - 1) {
          if (r.kind[i] & RESTRICT_ONLY) this.allowOnly(s, x);
          else this.banned.add(s * this.m + x);
        } else {
          if (r.kind[i] & RESTRICT_ONLY) this.allowOnly(s, x);
          s = this.childOrNew(s, x);
        }
      }
    }
    this.buildFailureLinks();
  }

  get extraStates(): number {
    return this.extraEdge.length;
  }

  /** The directed edge a state stands for. */
  edgeOf(state: number): number {
    return state < this.m ? state : this.extraEdge[state - this.m];
  }

  /** The state after driving edge x from `state` (whose edge ends where x starts), or -1 when a restriction forbids it. */
  next(state: number, x: number): number {
    if (this.child.size === 0 && this.banned.size === 0 && this.onlyNext.size === 0) return x;
    // every suffix of what was driven may be the prefix of a restriction
    for (let q = state; q >= 0; q = q < this.m ? -1 : this.fail[q - this.m]) {
      if (this.banned.has(q * this.m + x)) return -1;
      const only = this.onlyNext.get(q);
      if (only && only.some((y) => y !== x)) return -1;
    }
    return this.step(state, x);
  }

  private step(state: number, x: number): number {
    for (let q = state; q >= 0; q = q < this.m ? -1 : this.fail[q - this.m]) {
      const c = this.child.get(q * this.m + x);
      if (c !== undefined) return c;
    }
    return x;
  }

  private allowOnly(s: number, x: number): void {
    const list = this.onlyNext.get(s);
    if (list) list.push(x);
    else this.onlyNext.set(s, [x]);
  }

  private childOrNew(s: number, x: number): number {
    const key = s * this.m + x;
    let c = this.child.get(key);
    if (c === undefined) {
      c = this.m + this.extraEdge.length;
      this.extraEdge.push(x);
      this.fail.push(-1);
      this.child.set(key, c);
    }
    return c;
  }

  /** Breadth-first over the trie, so a parent's link is known before its children's. */
  private buildFailureLinks(): void {
    const parent = new Map<number, [number, number]>();
    for (const [key, c] of this.child) parent.set(c, [Math.floor(key / this.m), key % this.m]);
    const depth = (s: number): number => (s < this.m ? 1 : 1 + depth(parent.get(s)![0]));
    const extras = this.extraEdge.map((_, i) => this.m + i).sort((a, b) => depth(a) - depth(b));
    for (const c of extras) {
      const [p, x] = parent.get(c)!;
      // the failure of p·x: the longest suffix of p's that extends by x, else edge x alone
      let f = x;
      for (let q = p < this.m ? -1 : this.fail[p - this.m]; q >= 0; q = q < this.m ? -1 : this.fail[q - this.m]) {
        const k = this.child.get(q * this.m + x);
        if (k !== undefined) {
          f = k;
          break;
        }
      }
      this.fail[c - this.m] = f;
    }
  }
}
