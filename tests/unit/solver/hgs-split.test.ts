import { describe, expect, it } from 'vitest';
import { split } from '../../../shared/solver/search/hgs/split';
import { Rng } from '../../../shared/solver/prng';
import { randomData, routesCost } from './hgs-helpers';

describe('hgs split', () => {
  it('finds the cheapest cut of the giant tour (all cuts enumerated)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      // Capacity large enough that the load bound prunes nothing.
      const d = randomData(seed, 9, 9, 1000);
      const tour = new Rng(seed).shuffle(Array.from({ length: d.n }, (_, i) => i));
      const routes = split(d, tour, 3, 2);
      expect(routes.flat()).toEqual(tour);
      let best = Infinity;
      for (let mask = 0; mask < 1 << (d.n - 1); mask++) {
        const cuts: number[][] = [[tour[0]]];
        for (let k = 1; k < d.n; k++) {
          if (mask & (1 << (k - 1))) cuts.push([tour[k]]);
          else cuts[cuts.length - 1].push(tour[k]);
        }
        best = Math.min(best, routesCost(d, cuts, 3, 2));
      }
      expect(routesCost(d, routes, 3, 2)).toBeCloseTo(best, 6);
    }
  });

  it('uses at most the fleet, keeping the tour order', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const d = randomData(seed, 30, 3, 20);
      const tour = new Rng(seed).shuffle(Array.from({ length: d.n }, (_, i) => i));
      const routes = split(d, tour, 1, 1);
      expect(routes.length).toBeLessThanOrEqual(3);
      expect(routes.flat()).toEqual(tour);
    }
  });
});
