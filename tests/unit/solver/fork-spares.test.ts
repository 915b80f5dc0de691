// Forks reuse the task maps and route flags of dropped solutions. A reused array that still
// belonged to a live solution, or came from another problem, would show as a task map that no
// longer matches the routes.
import { describe, expect, it } from 'vitest';
import { construct } from '../../../shared/solver/search/construction';
import { buildContext } from '../../../shared/solver/search/context';
import { buildProblem } from '../../../shared/solver/model/problem';
import { Rng } from '../../../shared/solver/prng';
import { recreate } from '../../../shared/solver/search/ruin-recreate/recreate';
import { ruin } from '../../../shared/solver/search/ruin-recreate/ruin';
import type { Solution } from '../../../shared/solver/routes/solution';
import { generate, lcg } from './helpers';

/** The task map the routes imply (-1: unserved). */
function mapOf(s: Solution): number[] {
  const out = Array<number>(s.p.nTasks).fill(-1);
  s.routes.forEach((r, v) => r.seq.forEach((t) => (out[t] = v)));
  return out;
}

function setUp(seed: number, jobs: number) {
  const { request, matrices } = generate({ seed, jobs, shipments: 4, vehicles: 5, loose: true });
  const p = buildProblem(request, matrices);
  const ctx = buildContext(p, new Rng(seed));
  return { p, ctx, start: construct(ctx) };
}

describe('forks and their spare arrays', () => {
  it('keep every live solution’s task map true to its routes through forks, discards and replacements', () => {
    const { ctx, start } = setUp(4, 40);
    const pick = lcg(11);
    let cur = start;
    const best = cur.clone();
    for (let i = 0; i < 300; i++) {
      const cand = cur.fork();
      ruin(ctx, cand);
      recreate(ctx, cand, cand.unassignedTasks(), 0.01);
      expect([...cand.routeOf]).toEqual(mapOf(cand));
      if (pick.next() < 0.4) {
        cand.replace(cur);
        cur = cand;
      } else cand.discard();
      expect([...cur.routeOf]).toEqual(mapOf(cur));
    }
    // A clone taken before is untouched by all of it.
    expect([...best.routeOf]).toEqual(mapOf(best));
    expect(best.routeOf).not.toBe(cur.routeOf);
  });

  it('gives a fork a map of its own: changing it leaves the source as it was', () => {
    const { start } = setUp(5, 30);
    const first = start.fork();
    first.discard();
    const before = [...start.routeOf];
    const second = start.fork();
    second.removeTasks([0, 1, 2]);
    expect([...start.routeOf]).toEqual(before);
    expect(second.routeOf[0]).toBe(-1);
  });

  it('never hands a spare from one problem to a fork of another', () => {
    const small = setUp(6, 20);
    const large = setUp(7, 60);
    for (let i = 0; i < 4; i++) small.start.fork().discard();
    const f = large.start.fork();
    expect(f.routeOf.length).toBe(large.p.nTasks);
    expect([...f.routeOf]).toEqual(mapOf(large.start));
    // And back: the small problem's forks get maps of its size again.
    large.start.fork().discard();
    expect(small.start.fork().routeOf.length).toBe(small.p.nTasks);
  });

  it('is safe against a dropped solution being dropped again', () => {
    const { start } = setUp(8, 30);
    const a = start.fork();
    a.discard();
    a.discard();
    const b = start.fork();
    const c = start.fork();
    expect(b.routeOf).not.toBe(c.routeOf);
  });
});
