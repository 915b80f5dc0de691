// Granular local search (Vidal et al. 2012): for every client U in random order and every
// neighbour V of U, the moves in turn, first improvement, until a full pass changes nothing. A
// pair is skipped when neither route changed since U was last examined. From the second pass on,
// each client is also tried in an empty route. `stop` (the deadline) ends it early.
import type { HgsData } from './data';
import { Moves } from './moves';
import type { Rng } from '../../prng';
import { Routes } from './routes';

export class LocalSearch {
  readonly R: Routes;
  readonly moves: Moves;
  private readonly order: number[];
  private readonly lastTest: Float64Array;

  constructor(
    readonly d: HgsData,
    private readonly neighbours: Int32Array[],
    private readonly rng: Rng,
  ) {
    this.R = new Routes(d);
    this.moves = new Moves(this.R);
    this.order = Array.from({ length: d.n }, (_, i) => i);
    this.lastTest = new Float64Array(d.n);
  }

  /** Improves `routes` under the given penalties; returns the routes reached. */
  run(routes: number[][], penCap: number, penTw: number, stop: () => boolean): number[][] {
    const R = this.R;
    R.penCap = penCap;
    R.penTw = penTw;
    R.nbMoves = 0;
    R.load(routes);
    this.rng.shuffle(this.order);
    this.lastTest.fill(-1);
    let ticks = 0;
    for (let loop = 0; ; loop++) {
      const before = R.nbMoves;
      for (const U of this.order) {
        if ((++ticks & 31) === 0 && stop()) return R.export();
        const last = this.lastTest[U];
        this.lastTest[U] = R.nbMoves;
        for (const V of this.neighbours[U]) {
          if (loop > 0 && Math.max(R.rModified[R.rte[U]], R.rModified[R.rte[V]]) <= last) continue;
          if (this.tryAll(U, V)) continue;
          const pV = R.prv[V];
          if (R.isDepot(pV)) this.tryDepot(U, pV);
        }
        if (loop > 0) {
          const r = this.emptyRoute();
          if (r >= 0) this.tryDepot(U, R.startOf(r));
        }
      }
      if (R.nbMoves === before) break;
    }
    return R.export();
  }

  private tryAll(U: number, V: number): boolean {
    const m = this.moves;
    return (
      m.relocate(U, V) ||
      m.relocatePair(U, V, false) ||
      m.relocatePair(U, V, true) ||
      m.swap(U, V) ||
      m.swapPairOne(U, V) ||
      m.swapPairs(U, V) ||
      m.twoOpt(U, V) ||
      m.twoOptStar(U, V)
    );
  }

  /** The moves that put U (and what follows) right after a route's start depot. */
  private tryDepot(U: number, depot: number): boolean {
    const m = this.moves;
    return m.relocate(U, depot) || m.relocatePair(U, depot, false) || m.relocatePair(U, depot, true) || m.twoOptStar(U, depot);
  }

  private emptyRoute(): number {
    const R = this.R;
    for (let r = 0; r < R.K; r++) if (R.rSize[r] === 0) return r;
    return -1;
  }
}
