import { describe, expect, it } from 'vitest';
import { evalRoute, Seg } from '../../../shared/solver/search/hgs/segment';
import { Rng } from '../../../shared/solver/prng';
import { randomData, simulate } from './hgs-helpers';

describe('hgs segments', () => {
  it('a route summed client by client matches the forward simulation with time warp', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const d = randomData(seed, 12);
      const rng = new Rng(seed);
      const route = rng.shuffle(Array.from({ length: d.n }, (_, i) => i)).slice(0, 1 + rng.int(d.n));
      const ev = evalRoute(d, route);
      const ref = simulate(d, route);
      expect(ev.cost).toBeCloseTo(ref.cost, 9);
      expect(ev.load).toBe(ref.load);
      expect(ev.tw).toBeCloseTo(ref.tw, 9);
    }
  });

  it('concatenation is associative: any cut of a route gives the same summary', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const d = randomData(seed, 10);
      const rng = new Rng(seed + 100);
      const route = rng.shuffle(Array.from({ length: d.n }, (_, i) => i));
      const whole = new Seg(d).setDepot(d.startLoc);
      for (const c of route) whole.appendClient(c);
      whole.appendDepot(d.endLoc);
      const cut = 1 + rng.int(route.length - 1);
      const left = new Seg(d).setDepot(d.startLoc);
      for (const c of route.slice(0, cut)) left.appendClient(c);
      const right = new Seg(d).setClient(route[cut]);
      for (const c of route.slice(cut + 1)) right.appendClient(c);
      right.appendDepot(d.endLoc);
      left.appendSeg(right);
      for (const k of ['dur', 'tw', 'e', 'l', 'load', 'cost'] as const) expect(left[k]).toBeCloseTo(whole[k], 9);
    }
  });
});
