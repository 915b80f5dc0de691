// The genetic search's building blocks against brute force on random small instances: segment
// concatenation at any cuts against the forward time-warp simulation, and the local search's
// route bookkeeping against a fresh evaluation of the routes it returns.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalSearch } from '../../../shared/solver/search/hgs/local-search';
import { granularNeighbours } from '../../../shared/solver/search/hgs/neighbours';
import { penalised, Seg } from '../../../shared/solver/search/hgs/segment';
import { Rng } from '../../../shared/solver/prng';
import { randomData, simulate } from '../../unit/solver/hgs-helpers';

describe('hgs properties', () => {
  it('a route cut into any pieces and concatenated back matches the simulation', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 15 }),
        fc.array(fc.integer({ min: 1, max: 14 }), { maxLength: 4 }),
        (seed, n, cutList) => {
          const d = randomData(seed, n);
          const route = new Rng(seed).shuffle(Array.from({ length: n }, (_, i) => i));
          const cuts = [...new Set(cutList.filter((c) => c < n))].sort((a, b) => a - b);
          const bounds = [0, ...cuts, n];
          const whole = new Seg(d).setDepot(d.startLoc);
          for (let k = 0; k + 1 < bounds.length; k++) {
            if (bounds[k] === bounds[k + 1]) continue;
            const piece = new Seg(d).setClient(route[bounds[k]]);
            for (let j = bounds[k] + 1; j < bounds[k + 1]; j++) piece.appendClient(route[j]);
            whole.appendSeg(piece);
          }
          whole.appendDepot(d.endLoc);
          const ref = simulate(d, route);
          expect(whole.cost).toBeCloseTo(ref.cost, 6);
          expect(whole.load).toBe(ref.load);
          expect(whole.tw).toBeCloseTo(ref.tw, 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('after a local search the kept route costs are those of the routes returned', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 5, max: 40 }), (seed, n) => {
        const d = randomData(seed, n, 6, 35);
        const rng = new Rng(seed);
        const ls = new LocalSearch(d, granularNeighbours(d, 8), rng);
        const tour = rng.shuffle(Array.from({ length: n }, (_, i) => i));
        const start = [tour.slice(0, Math.ceil(n / 2)), tour.slice(Math.ceil(n / 2))].filter((r) => r.length > 0);
        const out = ls.run(start, 7, 1.5, () => false);
        let fresh = 0;
        for (const r of out) {
          const e = simulate(d, r);
          fresh += penalised(e.cost, e.load, e.tw, d.capacity, 7, 1.5);
        }
        let kept = 0;
        for (let r = 0; r < ls.R.K; r++) kept += ls.R.rPen[r];
        expect(kept).toBeCloseTo(fresh, 6);
        expect(out.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      }),
      { numRuns: 60 },
    );
  });
});
