// Searches side by side meet as often as they like: every member gets every offer of the round,
// by member; a search that waits past its share of the time leaves the team for good (and the
// others stop waiting for it); the ruin-and-recreate search continues from a better solution it
// is handed.
import { describe, expect, it } from 'vitest';
import { checkSolution, solveWithStats, type OfferedSolution } from '../../../shared/solver';
import { newMeeting, teamMember } from '../../../shared/solver-threads/meeting';
import { generate } from './helpers';

const offer = (objective: OfferedSolution['objective'], routes: OfferedSolution['routes']): OfferedSolution => ({ objective, routes });

describe('teamMember', () => {
  const cheap = offer([0, 0, 0, 0, 90], [{ vehicle: 2, tasks: [4, 0, 5] }]);
  const dear = offer(
    [0, 0, 0, 0, 100],
    [
      { vehicle: 0, tasks: [1, 2] },
      { vehicle: 1, tasks: [3] },
    ],
  );

  it('gives the late search every offer of its round; the one that waited past its share has left the team', () => {
    const meeting = newMeeting(2, 6, 3);
    // This test is one thread: the first search cannot see the second arrive, so it waits out
    // its share of the time left (10% of 50 ms) and leaves.
    const first = teamMember(meeting, 0, Date.now() + 50);
    // The second would wait up to a minute for a partner that is still in the team.
    const second = teamMember(meeting, 1, Date.now() + 600_000);
    expect([first.member, first.size, second.member, second.size]).toEqual([0, 2, 1, 2]);
    expect(first.meet(cheap)).toBeNull();
    expect(second.meet(dear)).toEqual([cheap, dear]);
    // Next round: the first has left, so the second does not wait for it, and the first stays out.
    const before = Date.now();
    expect(second.meet(dear)).toBeNull();
    expect(Date.now() - before).toBeLessThan(1000);
    expect(first.meet(cheap)).toBeNull();
  });
});

describe('teamMember.endPhase', () => {
  it('ends the phase once every member voted, and a vote stays cast', () => {
    const meeting = newMeeting(2, 6, 3);
    const [a, b] = [0, 1].map((m) => teamMember(meeting, m, Date.now() + 60_000));
    expect(a.endPhase!('end')).toBe(false);
    expect(b.endPhase!('go')).toBe(false);
    expect(a.endPhase!('go')).toBe(false);
    expect(b.endPhase!('end')).toBe(true);
    expect(a.endPhase!('go')).toBe(true);
  });

  it('ends it for everyone when one member knows no member can do better', () => {
    const meeting = newMeeting(3, 6, 3);
    const [a, b, c] = [0, 1, 2].map((m) => teamMember(meeting, m, Date.now() + 60_000));
    expect(b.endPhase!('go')).toBe(false);
    expect(c.endPhase!('all')).toBe(true);
    expect(a.endPhase!('go')).toBe(true);
    expect(b.endPhase!('go')).toBe(true);
  });

  it('leaves each member to its own wish once the team broke up', () => {
    const meeting = newMeeting(2, 6, 3);
    const a = teamMember(meeting, 0, Date.now() + 50);
    const b = teamMember(meeting, 1, Date.now() + 60_000);
    // One thread: a waits out its share of the time for b and leaves the team.
    expect(a.meet(offer([0, 0, 0, 0, 1], []))).toBeNull();
    expect(a.endPhase!('end')).toBe(true);
    expect(b.endPhase!('go')).toBe(false);
    expect(b.endPhase!('end')).toBe(true);
  });
});

describe('the search at the meeting', () => {
  const { request, matrices } = generate({ seed: 11, jobs: 40, shipments: 5, vehicles: 6 });
  const opts = (maxIterations: number) => ({
    deadlineMs: performance.now() + 120_000,
    clock: () => performance.now(),
    seed: 2,
    maxIterations,
  });

  it('offers its best at each of its three returns to the best and goes on from a better solution handed to it', () => {
    // A better solution than a 40-iteration search finds alone: a long search's, as offered.
    const long = solveWithStats(request, matrices, opts(3000));
    let handed: OfferedSolution | undefined;
    const recordLong = solveWithStats(request, matrices, {
      ...opts(3000),
      team: {
        member: 0,
        size: 2,
        meet: (o) => {
          handed = o;
          return null;
        },
      },
    });
    expect(recordLong.result).toEqual(long.result);
    const alone = solveWithStats(request, matrices, opts(40));
    expect(handed).toBeDefined();
    const offers: OfferedSolution[] = [];
    const met = solveWithStats(request, matrices, {
      ...opts(40),
      team: {
        member: 0,
        size: 2,
        meet: (o) => {
          offers.push(o);
          return [o, handed!];
        },
      },
    });
    expect(offers).toHaveLength(3);
    expect(offers[0].routes.flatMap((r) => r.tasks).length).toBeGreaterThan(0);
    expect(alone.result.summary.cost).toBeGreaterThan(handed!.objective[4]);
    expect(met.result.summary.cost).toBeLessThanOrEqual(handed!.objective[4]);
    expect(checkSolution(request, matrices, met.result)).toEqual([]);
  });
});
