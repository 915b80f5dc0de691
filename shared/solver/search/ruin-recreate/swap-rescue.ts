// On a closed fleet whose routes are nearly full, a ruined task often fits nowhere although it
// would fit in a nearby route in place of one of its tasks, which itself fits elsewhere. The
// recreate then tries that swap before giving the candidate up (on Gehring & Homberger 1000 at the
// least fleet about two fifths of the candidates ended there: docs/solver/design.md#fleet-size-objective).
import type { SearchContext } from '../context';
import { bestInsertion, type Insertion } from '../../routes/insertion';
import { fastEjectionApplies } from '../../operators/ejection-search';
import { RouteState } from '../../routes/route-state';
import type { Solution } from '../../routes/solution';
import type { VehicleModel } from '../../model/vehicles';

/** The routes tried are those serving the task's this many nearest neighbours. */
const NEIGHBOURS = 8;
/** Places for the task (cheapest first) whose displaced task is then tried elsewhere. */
const SHORTLIST = 3;

interface Place {
  route: number;
  out: number;
  /** What the route costs more with t in place of `out`. */
  delta: number;
  ins: Insertion;
}

export class SwapRescue {
  private readonly scratch = new Map<VehicleModel, RouteState>();
  private readonly tmp: Insertion = { delta: 0, i: 0, j: -1 };
  private readonly outIns: Insertion = { delta: 0, i: 0, j: -1 };
  /** Where the displaced task of the best pair so far goes (outIns is overwritten by each try). */
  private readonly chosen: Insertion = { delta: 0, i: 0, j: -1 };
  private readonly places: Place[] = [];
  private readonly routes: number[] = [];

  /**
   * Routes of plain jobs (as the route minimisation's fast ejection): a scratch route's check is
   * then exact. Found on the first closed-fleet call, so that a search that never closes its fleet
   * does not pay a pass over the tasks for it.
   */
  private plain: boolean | undefined;

  constructor(private readonly ctx: SearchContext) {}

  /** Whether swaps are tried: on a closed fleet of plain jobs. */
  applies(): boolean {
    if (!this.ctx.closedFleet) return false;
    this.plain ??= fastEjectionApplies(this.ctx.p);
    return this.plain;
  }

  /**
   * Puts t into a route in place of one of its tasks and that task into another route, the
   * cheapest such pair found; the cost added, or NaN (nothing changed) when none fits.
   * `mayUse` says which routes this search may change.
   */
  rescue(sol: Solution, t: number, mayUse: (vi: number) => boolean): number {
    const { ctx, routes, places } = this;
    const p = ctx.p;
    const nv = p.vehicles.length;
    routes.length = 0;
    places.length = 0;
    for (let k = 0; k < Math.min(ctx.K, NEIGHBOURS); k++) {
      const v = sol.routeOf[ctx.neighbors[t * ctx.K + k]];
      if (v >= 0 && !routes.includes(v) && mayUse(v) && p.allowed[t * nv + v]) routes.push(v);
    }
    for (const v of routes) this.placesIn(sol, t, v);
    if (places.length === 0) return Number.NaN;
    let best: Place | null = null;
    let bestTotal = Number.POSITIVE_INFINITY;
    let bestV = -1;
    const chosen = this.chosen;
    for (const place of places) {
      if (place.delta >= bestTotal) break;
      const u = place.out;
      for (let k = 0; k < ctx.K; k++) {
        const v = sol.routeOf[ctx.neighbors[u * ctx.K + k]];
        if (v < 0 || v === place.route || !mayUse(v) || !p.allowed[u * nv + v]) continue;
        if (!bestInsertion(sol.routes[v], u, this.outIns, undefined, 0, bestTotal - place.delta)) continue;
        bestTotal = place.delta + this.outIns.delta;
        best = place;
        bestV = v;
        chosen.delta = this.outIns.delta;
        chosen.i = this.outIns.i;
        chosen.j = this.outIns.j;
      }
    }
    if (!best) return Number.NaN;
    sol.removeTasks([best.out]);
    sol.insert(t, best.route, best.ins);
    sol.insert(best.out, bestV, chosen);
    return bestTotal;
  }

  /** Adds to the shortlist each task of route v that t could take the place of. */
  private placesIn(sol: Solution, t: number, v: number): void {
    const p = this.ctx.p;
    const r = sol.routes[v];
    const dims = p.dims;
    const s = this.scratchFor(r.v);
    for (let x = 0; x < r.seq.length; x++) {
      const u = r.seq[x];
      // What the route carries from its start must fit with u out and t in.
      let fits = true;
      for (let d = 0; d < dims && fits; d++) fits = r.loadMaxPre[d] - p.startLoad[u * dims + d] + p.startLoad[t * dims + d] <= r.v.cap[d];
      if (!fits) continue;
      const worst = this.places.length < SHORTLIST ? Number.POSITIVE_INFINITY : this.places[SHORTLIST - 1].delta;
      s.seq = r.seq.filter((y) => y !== u);
      s.refresh();
      if (!s.feasible || !bestInsertion(s, t, this.tmp, undefined, 0, worst - (s.cost - r.cost))) continue;
      const delta = s.cost - r.cost + this.tmp.delta;
      if (delta >= worst) continue;
      const place = { route: v, out: u, delta, ins: { ...this.tmp } };
      const list = this.places;
      if (list.length === SHORTLIST) list.pop();
      let k = list.length;
      list.push(place);
      for (; k > 0 && list[k - 1].delta > delta; k--) list[k] = list[k - 1];
      list[k] = place;
    }
  }

  private scratchFor(vehicle: VehicleModel): RouteState {
    let s = this.scratch.get(vehicle);
    if (!s) this.scratch.set(vehicle, (s = new RouteState(this.ctx.p, vehicle)));
    return s;
  }
}
