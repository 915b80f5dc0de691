// The local search's moves (Vidal et al. 2012, 2013) for a client U and a neighbour V (V may be a
// route's start depot): relocate U, (U, X) or (X, U) after V; swap U with V, (U, X) with V,
// (U, X) with (V, Y); 2-opt within a route; 2-opt* between routes (X = U's successor, Y = V's).
// Each is screened by its travel-cost change plus the load penalty (a lower bound of the
// penalised change) and then evaluated exactly by concatenating route segments; an improving
// move is applied at once (first improvement). Returns whether it was applied.
import type { Routes } from './routes';
import { Seg } from './segment';

const EPS = 1e-7;

export class Moves {
  private readonly a: Seg;
  private readonly b: Seg;
  /** The penalised change the last applied move was evaluated at (for tests). */
  gain = 0;

  constructor(private readonly R: Routes) {
    this.a = new Seg(R.d);
    this.b = new Seg(R.d);
  }

  /** Lower bound of the change, from travel costs and loads only: worth an exact look when negative. */
  private screen(rU: number, rV: number, dCost: number, loadU: number, loadV: number): boolean {
    const R = this.R;
    if (rU === rV) return R.rCost[rU] + dCost + R.capPen(R.rLoad[rU]) - R.rPen[rU] < -EPS;
    return R.rCost[rU] + R.rCost[rV] + dCost + R.capPen(loadU) + R.capPen(loadV) - R.rPen[rU] - R.rPen[rV] < -EPS;
  }

  private improves(rU: number, rV: number, penU: number, penV: number): boolean {
    const R = this.R;
    const old = rU === rV ? R.rPen[rU] : R.rPen[rU] + R.rPen[rV];
    this.gain = (rU === rV ? penU : penU + penV) - old;
    // Relative too: penalised costs reach 1e8 and more, where rounding alone exceeds EPS.
    return this.gain < -EPS - 1e-10 * old;
  }

  private done(rU: number, rV: number): true {
    const R = this.R;
    R.nbMoves++;
    R.update(rU);
    if (rV !== rU) R.update(rV);
    return true;
  }

  /** Relocate U after V. */
  relocate(U: number, V: number): boolean {
    const R = this.R;
    const { a, b } = this;
    const pU = R.prv[U];
    const X = R.nxt[U];
    const Y = R.nxt[V];
    if (Y === U || V === U) return false;
    const rU = R.rte[U];
    const rV = R.rte[V];
    const dCost = R.arcCost(pU, X) - R.arcCost(pU, U) - R.arcCost(U, X) + R.arcCost(V, U) + R.arcCost(U, Y) - R.arcCost(V, Y);
    const du = R.dem[U];
    if (!this.screen(rU, rV, dCost, R.rLoad[rU] - du, R.rLoad[rV] + du)) return false;
    let penU: number;
    let penV = 0;
    if (rU !== rV) {
      penU = R.rSize[rU] === 1 ? 0 : R.pen(R.suf(R.pre(a, pU), X));
      penV = R.pen(R.suf(R.pre(b, V).appendClient(U), Y));
    } else if (R.pos[U] < R.pos[V]) penU = R.pen(R.suf(R.range(R.pre(a, pU), X, V).appendClient(U), Y));
    else penU = R.pen(R.suf(R.range(R.pre(a, V).appendClient(U), Y, pU), X));
    if (!this.improves(rU, rV, penU, penV)) return false;
    R.insertAfter(U, V);
    return this.done(rU, rV);
  }

  /** Relocate (U, X) after V, in that order or reversed. */
  relocatePair(U: number, V: number, reversed: boolean): boolean {
    const R = this.R;
    const { a, b } = this;
    const X = R.nxt[U];
    if (R.isDepot(X) || V === X || V === U) return false;
    const pU = R.prv[U];
    const XX = R.nxt[X];
    const Y = R.nxt[V];
    if (Y === U) return false;
    const rU = R.rte[U];
    const rV = R.rte[V];
    const f = reversed ? X : U;
    const s = reversed ? U : X;
    const dCost =
      R.arcCost(pU, XX) -
      R.arcCost(pU, U) -
      R.arcCost(U, X) -
      R.arcCost(X, XX) +
      R.arcCost(V, f) +
      R.arcCost(f, s) +
      R.arcCost(s, Y) -
      R.arcCost(V, Y);
    const dd = R.dem[U] + R.dem[X];
    if (!this.screen(rU, rV, dCost, R.rLoad[rU] - dd, R.rLoad[rV] + dd)) return false;
    let penU: number;
    let penV = 0;
    if (rU !== rV) {
      penU = R.rSize[rU] === 2 ? 0 : R.pen(R.suf(R.pre(a, pU), XX));
      penV = R.pen(R.suf(R.pre(b, V).appendClient(f).appendClient(s), Y));
    } else if (R.pos[U] < R.pos[V]) penU = R.pen(R.suf(R.range(R.pre(a, pU), XX, V).appendClient(f).appendClient(s), Y));
    else penU = R.pen(R.suf(R.range(R.pre(a, V).appendClient(f).appendClient(s), Y, pU), XX));
    if (!this.improves(rU, rV, penU, penV)) return false;
    R.insertAfter(f, V);
    R.insertAfter(s, f);
    return this.done(rU, rV);
  }

  /** Swap U and V (clients, not next to each other). */
  swap(U: number, V: number): boolean {
    const R = this.R;
    const { a, b } = this;
    if (R.isDepot(V)) return false;
    const pU = R.prv[U];
    const X = R.nxt[U];
    const pV = R.prv[V];
    const Y = R.nxt[V];
    if (U === pV || U === Y) return false;
    const rU = R.rte[U];
    const rV = R.rte[V];
    const dCost =
      R.arcCost(pU, V) +
      R.arcCost(V, X) -
      R.arcCost(pU, U) -
      R.arcCost(U, X) +
      R.arcCost(pV, U) +
      R.arcCost(U, Y) -
      R.arcCost(pV, V) -
      R.arcCost(V, Y);
    const dd = R.dem[V] - R.dem[U];
    if (!this.screen(rU, rV, dCost, R.rLoad[rU] + dd, R.rLoad[rV] - dd)) return false;
    let penU: number;
    let penV = 0;
    if (rU !== rV) {
      penU = R.pen(R.suf(R.pre(a, pU).appendClient(V), X));
      penV = R.pen(R.suf(R.pre(b, pV).appendClient(U), Y));
    } else {
      const A = R.pos[U] < R.pos[V] ? U : V;
      const B = A === U ? V : U;
      penU = R.pen(R.suf(R.range(R.pre(a, R.prv[A]).appendClient(B), R.nxt[A], R.prv[B]).appendClient(A), R.nxt[B]));
    }
    if (!this.improves(rU, rV, penU, penV)) return false;
    R.swap(U, V);
    return this.done(rU, rV);
  }

  /** Swap (U, X) with V. */
  swapPairOne(U: number, V: number): boolean {
    const R = this.R;
    const { a, b } = this;
    if (R.isDepot(V)) return false;
    const X = R.nxt[U];
    const pV = R.prv[V];
    const Y = R.nxt[V];
    if (R.isDepot(X) || U === pV || X === pV || U === Y || X === V) return false;
    const pU = R.prv[U];
    const XX = R.nxt[X];
    const rU = R.rte[U];
    const rV = R.rte[V];
    const dCost =
      R.arcCost(pU, V) +
      R.arcCost(V, XX) -
      R.arcCost(pU, U) -
      R.arcCost(X, XX) +
      R.arcCost(pV, U) +
      R.arcCost(X, Y) -
      R.arcCost(pV, V) -
      R.arcCost(V, Y);
    const dd = R.dem[V] - R.dem[U] - R.dem[X];
    if (!this.screen(rU, rV, dCost, R.rLoad[rU] + dd, R.rLoad[rV] - dd)) return false;
    let penU: number;
    let penV = 0;
    if (rU !== rV) {
      penU = R.pen(R.suf(R.pre(a, pU).appendClient(V), XX));
      penV = R.pen(R.suf(R.pre(b, pV).appendClient(U).appendClient(X), Y));
    } else if (R.pos[U] < R.pos[V]) penU = R.pen(R.suf(R.range(R.pre(a, pU).appendClient(V), XX, pV).appendClient(U).appendClient(X), Y));
    else penU = R.pen(R.suf(R.range(R.pre(a, pV).appendClient(U).appendClient(X), Y, pU).appendClient(V), XX));
    if (!this.improves(rU, rV, penU, penV)) return false;
    R.swap(U, V);
    R.insertAfter(X, U);
    return this.done(rU, rV);
  }

  /** Swap (U, X) with (V, Y). */
  swapPairs(U: number, V: number): boolean {
    const R = this.R;
    const { a, b } = this;
    if (R.isDepot(V)) return false;
    const X = R.nxt[U];
    const Y = R.nxt[V];
    if (R.isDepot(X) || R.isDepot(Y)) return false;
    const pU = R.prv[U];
    const pV = R.prv[V];
    const XX = R.nxt[X];
    const YY = R.nxt[Y];
    if (Y === pU || U === Y || X === V || V === XX) return false;
    const rU = R.rte[U];
    const rV = R.rte[V];
    const dCost =
      R.arcCost(pU, V) +
      R.arcCost(V, Y) +
      R.arcCost(Y, XX) -
      R.arcCost(pU, U) -
      R.arcCost(U, X) -
      R.arcCost(X, XX) +
      R.arcCost(pV, U) +
      R.arcCost(U, X) +
      R.arcCost(X, YY) -
      R.arcCost(pV, V) -
      R.arcCost(V, Y) -
      R.arcCost(Y, YY);
    const dd = R.dem[V] + R.dem[Y] - R.dem[U] - R.dem[X];
    if (!this.screen(rU, rV, dCost, R.rLoad[rU] + dd, R.rLoad[rV] - dd)) return false;
    let penU: number;
    let penV = 0;
    if (rU !== rV) {
      penU = R.pen(R.suf(R.pre(a, pU).appendClient(V).appendClient(Y), XX));
      penV = R.pen(R.suf(R.pre(b, pV).appendClient(U).appendClient(X), YY));
    } else if (R.pos[U] < R.pos[V])
      penU = R.pen(R.suf(R.range(R.pre(a, pU).appendClient(V).appendClient(Y), XX, pV).appendClient(U).appendClient(X), YY));
    else penU = R.pen(R.suf(R.range(R.pre(a, pV).appendClient(U).appendClient(X), YY, pU).appendClient(V).appendClient(Y), XX));
    if (!this.improves(rU, rV, penU, penV)) return false;
    R.swap(U, V);
    R.swap(X, Y);
    return this.done(rU, rV);
  }

  /** 2-opt within a route: reverse the path from X to V (V after U). */
  twoOpt(U: number, V: number): boolean {
    const R = this.R;
    const rU = R.rte[U];
    if (R.isDepot(V) || R.rte[V] !== rU || R.pos[V] <= R.pos[U] + 1) return false;
    const X = R.nxt[U];
    const Y = R.nxt[V];
    if (R.d.symmetric) {
      const dCost = R.arcCost(U, V) + R.arcCost(X, Y) - R.arcCost(U, X) - R.arcCost(V, Y);
      if (!this.screen(rU, rU, dCost, 0, 0)) return false;
    }
    const penU = R.pen(R.suf(R.rangeRev(R.pre(this.a, U), V, X), Y));
    if (!this.improves(rU, rU, penU, 0)) return false;
    const path: number[] = [];
    for (let w = V; ; w = R.prv[w]) {
      path.push(w);
      if (w === X) break;
    }
    R.chain(U, path, Y);
    return this.done(rU, rU);
  }

  /** 2-opt* between routes: U's route keeps its start and takes V's tail after Y, and the reverse. */
  twoOptStar(U: number, V: number): boolean {
    const R = this.R;
    const rU = R.rte[U];
    const rV = R.rte[V];
    if (rU === rV) return false;
    const X = R.nxt[U];
    const Y = R.nxt[V];
    const costU = R.pCost[U] + R.arcCost(U, Y) + R.sCost[Y];
    const costV = R.pCost[V] + R.arcCost(V, X) + R.sCost[X];
    const loadU = R.pLoad[U] + R.sLoad[Y];
    const loadV = R.pLoad[V] + R.sLoad[X];
    const dCost = costU + costV - R.rCost[rU] - R.rCost[rV];
    if (!this.screen(rU, rV, dCost, loadU, loadV)) return false;
    const penU = R.isDepot(U) && R.isDepot(Y) ? 0 : R.pen(R.suf(R.pre(this.a, U), Y));
    const penV = R.isDepot(V) && R.isDepot(X) ? 0 : R.pen(R.suf(R.pre(this.b, V), X));
    if (!this.improves(rU, rV, penU, penV)) return false;
    const tailU = R.tail(X);
    const tailV = R.tail(Y);
    R.chain(U, tailV, R.endOf(rU));
    R.chain(V, tailU, R.endOf(rV));
    return this.done(rU, rV);
  }
}
