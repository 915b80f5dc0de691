// The genetic loop of HGS (Vidal et al. 2012; Vidal 2022): parents by binary tournament, ordered
// crossover of their giant tours, Split, local search under the current penalties; an infeasible
// offspring is repaired (penalties x 10) half of the time. Every PENALTY_PERIOD offspring each
// penalty moves towards TARGET_FEASIBLE of the offspring being feasible for it (more often and
// faster than the papers' 100 and x 1.2: a 2 s run has only a few hundred offspring); after
// RESTART_AFTER offspring without a better feasible solution the population starts over (the
// best is kept aside). Population sizes (population.ts) are the papers' halved, for the same reason.
import type { Rng } from '../../prng';
import type { HgsData } from './data';
import { orderedCrossover } from './crossover';
import { Individual } from './individual';
import { LocalSearch } from './local-search';
import { granularNeighbours } from './neighbours';
import { Population } from './population';
import { split } from './split';

export interface HgsLimits {
  stop: () => boolean;
  /** Checked only while no feasible solution is known: true ends the search (the caller has a fallback). */
  giveUp?: () => boolean;
  maxIterations: number;
}

const GRANULAR = 20;
const INITIAL = 20;
const TARGET_FEASIBLE = 0.3;
const PENALTY_PERIOD = 20;
const PENALTY_UP = 1.3;
const PENALTY_DOWN = 0.85;
const REPAIR_PROBABILITY = 0.5;
const REPAIR_FACTOR = 10;
const RESTART_AFTER = 20000;

export interface HgsResult {
  best: Individual | null;
  iterations: number;
  /** How many times a better feasible individual became the best. */
  improvements: number;
}

export function runHgs(d: HgsData, rng: Rng, limits: HgsLimits, seeds: number[][][]): HgsResult {
  const ls = new LocalSearch(d, granularNeighbours(d, GRANULAR), rng);
  const pop = new Population();
  // Initial penalties: a unit of excess load costs about as much as the longest arc per unit of
  // the largest demand; a unit of time warp as much as a unit of travel cost per unit of time.
  let maxCost = 0;
  let sumCost = 0;
  let sumDur = 0;
  for (let i = 0; i < d.cost.length; i++) {
    maxCost = Math.max(maxCost, d.cost[i]);
    sumCost += d.cost[i];
    sumDur += d.dur[i];
  }
  let maxDemand = 0;
  for (let i = 0; i < d.n; i++) maxDemand = Math.max(maxDemand, d.demand[i]);
  const capBase = maxDemand > 0 ? Math.max(1e-3, maxCost / maxDemand) : 1;
  const twBase = sumDur > 0 && sumCost > 0 ? sumCost / sumDur : 1;
  pop.penCap = capBase;
  pop.penTw = twBase;
  let best: Individual | null = null;
  let iterations = 0;
  let improvements = 0;
  let sinceBest = 0;
  let feasLoad = 0;
  let feasTw = 0;
  let counted = 0;

  const educate = (routes: number[][]): Individual => {
    const ind = new Individual(d, ls.run(routes, pop.penCap, pop.penTw, limits.stop));
    pop.add(ind);
    counted++;
    if (ind.excessLoad <= 0) feasLoad++;
    if (ind.tw <= 1e-9) feasTw++;
    let out = ind;
    if (!ind.feasible && rng.next() < REPAIR_PROBABILITY && !limits.stop()) {
      const fixed = new Individual(d, ls.run(ind.routes, pop.penCap * REPAIR_FACTOR, pop.penTw * REPAIR_FACTOR, limits.stop));
      if (fixed.feasible) {
        pop.add(fixed);
        out = fixed;
      }
    }
    if (out.feasible && (!best || out.cost < best.cost - 1e-9)) {
      best = out;
      improvements++;
      sinceBest = 0;
    }
    return out;
  };

  const initial = () => {
    for (const s of seeds) {
      // The seed itself too: a feasible seed keeps a feasible best from the start.
      const raw = new Individual(d, s);
      pop.add(raw);
      if (raw.feasible && (!best || raw.cost < best.cost - 1e-9)) best = raw;
      if (!limits.stop()) educate(s);
    }
    const tour = Array.from({ length: d.n }, (_, i) => i);
    for (let k = 0; k < INITIAL && !limits.stop() && iterations < limits.maxIterations; k++, iterations++)
      educate(split(d, rng.shuffle(tour), pop.penCap, pop.penTw));
  };

  initial();
  while (!limits.stop() && iterations < limits.maxIterations && pop.size() > 0) {
    if (!best && limits.giveUp?.()) break;
    iterations++;
    sinceBest++;
    const a = pop.select(rng);
    const b = pop.select(rng);
    const child = orderedCrossover(a.giantTour(), b.giantTour(), rng);
    educate(split(d, child, pop.penCap, pop.penTw));
    if (counted >= PENALTY_PERIOD) {
      pop.penCap = adapt(pop.penCap, feasLoad / counted, capBase);
      pop.penTw = adapt(pop.penTw, feasTw / counted, twBase);
      feasLoad = feasTw = counted = 0;
    }
    if (sinceBest > RESTART_AFTER) {
      pop.clear();
      sinceBest = 0;
      initial();
    }
  }
  return { best, iterations, improvements };
}

function adapt(pen: number, feasibleShare: number, base: number): number {
  if (feasibleShare < TARGET_FEASIBLE - 0.05) return Math.min(pen * PENALTY_UP, base * 1e4);
  if (feasibleShare > TARGET_FEASIBLE + 0.05) return Math.max(pen * PENALTY_DOWN, base * 1e-4);
  return pen;
}
