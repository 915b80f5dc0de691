// Route segments with time warp (Nagata et al. 2010; Vidal et al. 2013): a sequence of visits is
// summarised by its duration, time warp, earliest and latest start, load and travel cost, and two
// summaries concatenate in O(1). A route is feasible when its time warp is 0 and its load fits.
import type { HgsData } from './data';
import type { Matrix } from '../../model/matrices';

export class Seg {
  dur = 0;
  tw = 0;
  e = 0;
  l = 0;
  load = 0;
  cost = 0;
  first = 0;
  last = 0;

  private readonly durM: Matrix;
  private readonly costM: Matrix;
  private readonly nLoc: number;

  constructor(readonly d: HgsData) {
    this.durM = d.dur;
    this.costM = d.cost;
    this.nLoc = d.nLoc;
  }

  setClient(i: number): this {
    const d = this.d;
    this.dur = d.service[i];
    this.tw = 0;
    this.e = d.twE[i];
    this.l = d.twL[i];
    this.load = d.demand[i];
    this.cost = 0;
    this.first = this.last = d.loc[i];
    return this;
  }

  setDepot(locIndex: number): this {
    this.dur = 0;
    this.tw = 0;
    this.e = this.d.depotE;
    this.l = this.d.depotL;
    this.load = 0;
    this.cost = 0;
    this.first = this.last = locIndex;
    return this;
  }

  copy(s: Seg): this {
    this.set(s.dur, s.tw, s.e, s.l, s.load, s.cost, s.first, s.last);
    return this;
  }

  set(dur: number, tw: number, e: number, l: number, load: number, cost: number, first: number, last: number): this {
    this.dur = dur;
    this.tw = tw;
    this.e = e;
    this.l = l;
    this.load = load;
    this.cost = cost;
    this.first = first;
    this.last = last;
    return this;
  }

  /** This segment followed by the segment (dur, tw, e, l, load, cost, first, last). */
  append(dur: number, tw: number, e: number, l: number, load: number, cost: number, first: number, last: number): this {
    const arc = this.last * this.nLoc + first;
    const t = this.durM[arc];
    const delta = this.dur - this.tw + t;
    const wait = e - delta - this.l > 0 ? e - delta - this.l : 0;
    const warp = this.e + delta - l > 0 ? this.e + delta - l : 0;
    const ne = (e - delta > this.e ? e - delta : this.e) - wait;
    const nl = (l - delta < this.l ? l - delta : this.l) + warp;
    this.dur += dur + t + wait;
    this.tw += tw + warp;
    this.e = ne;
    this.l = nl;
    this.load += load;
    this.cost += cost + this.costM[arc];
    this.last = last;
    return this;
  }

  appendSeg(s: Seg): this {
    return this.append(s.dur, s.tw, s.e, s.l, s.load, s.cost, s.first, s.last);
  }

  appendClient(i: number): this {
    const d = this.d;
    const x = d.loc[i];
    return this.append(d.service[i], 0, d.twE[i], d.twL[i], d.demand[i], 0, x, x);
  }

  appendDepot(locIndex: number): this {
    return this.append(0, 0, this.d.depotE, this.d.depotL, 0, 0, locIndex, locIndex);
  }
}

export interface RouteEval {
  cost: number;
  load: number;
  tw: number;
}

/** Cost, load and time warp of a whole route (depot, clients, depot). */
export function evalRoute(d: HgsData, clients: ArrayLike<number>, s: Seg = new Seg(d)): RouteEval {
  s.setDepot(d.startLoc);
  for (let k = 0; k < clients.length; k++) s.appendClient(clients[k]);
  s.appendDepot(d.endLoc);
  return { cost: s.cost, load: s.load, tw: s.tw };
}

/** Penalised cost: travel cost plus the weighted excess load and time warp. */
export function penalised(cost: number, load: number, tw: number, capacity: number, penCap: number, penTw: number): number {
  return cost + (load > capacity ? (load - capacity) * penCap : 0) + tw * penTw;
}
