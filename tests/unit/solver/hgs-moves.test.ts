import { describe, expect, it } from 'vitest';
import { LocalSearch } from '../../../shared/solver/search/hgs/local-search';
import { granularNeighbours } from '../../../shared/solver/search/hgs/neighbours';
import { Routes } from '../../../shared/solver/search/hgs/routes';
import { split } from '../../../shared/solver/search/hgs/split';
import { Rng } from '../../../shared/solver/prng';
import { randomData, routesCost } from './hgs-helpers';

type Move = 'relocate' | 'pairForward' | 'pairReversed' | 'swap' | 'swapPairOne' | 'swapPairs' | 'twoOpt' | 'twoOptStar';

describe('hgs local-search moves', () => {
  const moves: Move[] = ['relocate', 'pairForward', 'pairReversed', 'swap', 'swapPairOne', 'swapPairs', 'twoOpt', 'twoOptStar'];
  for (const name of moves) {
    it(`${name}: the evaluated change is the real change and the route data stay exact`, () => {
      let applied = 0;
      for (let seed = 1; seed <= 40; seed++) {
        const d = randomData(seed, 14, 4, 25);
        const rng = new Rng(seed);
        const penCap = 1 + rng.int(20);
        const penTw = 0.5 + rng.next() * 3;
        const ls = new LocalSearch(d, granularNeighbours(d, 13), rng);
        const R: Routes = ls.R;
        R.penCap = penCap;
        R.penTw = penTw;
        R.load(split(d, rng.shuffle(Array.from({ length: d.n }, (_, i) => i)), penCap, penTw));
        const m = ls.moves;
        for (let k = 0; k < 300; k++) {
          const U = rng.int(d.n);
          const V = rng.next() < 0.2 ? R.startOf(rng.int(R.K)) : rng.int(d.n);
          if (V === U) continue;
          const before = routesCost(d, R.export(), penCap, penTw);
          const ok =
            name === 'relocate'
              ? m.relocate(U, V)
              : name === 'pairForward'
                ? m.relocatePair(U, V, false)
                : name === 'pairReversed'
                  ? m.relocatePair(U, V, true)
                  : name === 'swap'
                    ? m.swap(U, V)
                    : name === 'swapPairOne'
                      ? m.swapPairOne(U, V)
                      : name === 'swapPairs'
                        ? m.swapPairs(U, V)
                        : name === 'twoOpt'
                          ? m.twoOpt(U, V)
                          : m.twoOptStar(U, V);
          if (!ok) continue;
          applied++;
          const routes = R.export();
          expect(routes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: d.n }, (_, i) => i));
          const after = routesCost(d, routes, penCap, penTw);
          expect(after - before).toBeCloseTo(m.gain, 6);
          expect(m.gain).toBeLessThan(0);
          let kept = 0;
          for (let r = 0; r < R.K; r++) kept += R.rPen[r];
          expect(kept).toBeCloseTo(after, 6);
        }
      }
      expect(applied).toBeGreaterThan(0);
    });
  }

  it('a full local search ends no worse than it started, with exact route data', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const d = randomData(seed, 40, 8, 40);
      const rng = new Rng(seed);
      const ls = new LocalSearch(d, granularNeighbours(d, 10), rng);
      const start = split(d, rng.shuffle(Array.from({ length: d.n }, (_, i) => i)), 5, 1);
      const out = ls.run(start, 5, 1, () => false);
      expect(routesCost(d, out, 5, 1)).toBeLessThanOrEqual(routesCost(d, start, 5, 1) + 1e-9);
      expect(out.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: d.n }, (_, i) => i));
    }
  });
});
