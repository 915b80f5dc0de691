// Feasible and infeasible subpopulations with biased fitness (Vidal et al. 2012): an individual's
// rank by penalised cost plus, weighted by 1 - nbElite / size, its rank by diversity (the mean
// broken-pairs distance to its nbClose nearest). A subpopulation that outgrows mu + lambda is cut
// back to mu by removing the worst biased fitness, clones first. Parents: binary tournament.
import type { Rng } from '../../prng';
import type { Individual } from './individual';

export const MU = 12;
export const LAMBDA = 20;
const NB_ELITE = 4;
const NB_CLOSE = 5;

export class Population {
  readonly feasible: Individual[] = [];
  readonly infeasible: Individual[] = [];
  penCap = 1;
  penTw = 1;

  add(ind: Individual): void {
    const sub = ind.feasible ? this.feasible : this.infeasible;
    for (const o of sub) {
      const dist = ind.distance(o);
      insertNear(ind, dist, o);
      insertNear(o, dist, ind);
    }
    sub.push(ind);
    if (sub.length > MU + LAMBDA) while (sub.length > MU) this.removeWorst(sub);
  }

  size(): number {
    return this.feasible.length + this.infeasible.length;
  }

  clear(): void {
    this.feasible.length = 0;
    this.infeasible.length = 0;
  }

  private cost(ind: Individual): number {
    return ind.penalised(this.penCap, this.penTw);
  }

  private updateFitness(sub: Individual[]): void {
    const n = sub.length;
    if (n === 0) return;
    if (n === 1) {
      sub[0].fitness = 0;
      return;
    }
    const byCost = sub.map((ind, i) => ({ i, c: this.cost(ind) })).sort((x, y) => x.c - y.c || x.i - y.i);
    const div = byCost.map((x, rank) => ({ rank, i: x.i, d: diversity(sub[x.i]) })).sort((x, y) => y.d - x.d || x.rank - y.rank);
    const w = 1 - NB_ELITE / n;
    const fitRank = new Float64Array(n);
    byCost.forEach((x, rank) => (fitRank[x.i] = rank / (n - 1)));
    div.forEach((x, drank) => (sub[x.i].fitness = fitRank[x.i] + w * (drank / (n - 1))));
  }

  private removeWorst(sub: Individual[]): void {
    this.updateFitness(sub);
    let worst = -1;
    let worstClone = false;
    for (let i = 0; i < sub.length; i++) {
      const clone = sub[i].near.length > 0 && sub[i].near[0].dist === 0;
      if (worst < 0 || (clone && !worstClone) || (clone === worstClone && sub[i].fitness > sub[worst].fitness)) {
        worst = i;
        worstClone = clone;
      }
    }
    const [gone] = sub.splice(worst, 1);
    for (const o of sub) {
      const k = o.near.findIndex((x) => x.other === gone);
      if (k >= 0) o.near.splice(k, 1);
    }
  }

  /** Binary tournament over both subpopulations by biased fitness. */
  select(rng: Rng): Individual {
    this.updateFitness(this.feasible);
    this.updateFitness(this.infeasible);
    const n = this.size();
    const pick = () => {
      const k = rng.int(n);
      return k < this.feasible.length ? this.feasible[k] : this.infeasible[k - this.feasible.length];
    };
    const a = pick();
    const b = pick();
    return a.fitness <= b.fitness ? a : b;
  }
}

function insertNear(ind: Individual, dist: number, other: Individual): void {
  const near = ind.near;
  let k = near.length;
  while (k > 0 && near[k - 1].dist > dist) k--;
  near.splice(k, 0, { dist, other });
}

function diversity(ind: Individual): number {
  const m = Math.min(NB_CLOSE, ind.near.length);
  if (m === 0) return 0;
  let s = 0;
  for (let k = 0; k < m; k++) s += ind.near[k].dist;
  return s / m;
}
