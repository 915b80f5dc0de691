// Searches side by side meet once: the meeting point hands every search the best offer (solver
// objective order), a search that waits past its share of the time goes on alone, and the
// ruin-and-recreate search continues from a better solution it is handed.
import { describe, expect, it } from 'vitest';
import { checkSolution, solveWithStats, type OfferedSolution } from '../../../shared/solver';
import { meetingPoint, newMeeting } from '../../../shared/solver-threads/meeting';
import { generate } from './helpers';

const offer = (objective: OfferedSolution['objective'], routes: OfferedSolution['routes']): OfferedSolution => ({ objective, routes });

describe('meetingPoint', () => {
  it('gives every search the best offer, after a first one waited past its share and went on alone', () => {
    const meeting = newMeeting(2, 6, 3);
    // This test is one thread: the first search cannot see the second arrive, so it waits out
    // its share of the time left (10% of 50 ms) and gets nothing.
    const first = meetingPoint(meeting, 0, Date.now() + 50);
    const second = meetingPoint(meeting, 1, Date.now() + 50);
    const cheap = offer([0, 0, 0, 0, 90], [{ vehicle: 2, tasks: [4, 0, 5] }]);
    const dear = offer(
      [0, 0, 0, 0, 100],
      [
        { vehicle: 0, tasks: [1, 2] },
        { vehicle: 1, tasks: [3] },
      ],
    );
    expect(first(cheap)).toBeNull();
    expect(second(dear)).toEqual(cheap);
  });

  it('ranks offers level by level and gives ties to the lower search', () => {
    const levelsFirst = newMeeting(2, 4, 2);
    meetingPoint(levelsFirst, 0, Date.now())(offer([0, 1, 0, 0, 10], [{ vehicle: 0, tasks: [0, 1, 2] }]));
    const fewerUnassigned = offer([0, 0, 0, 0, 50], [{ vehicle: 1, tasks: [0, 1, 2, 3] }]);
    expect(meetingPoint(levelsFirst, 1, Date.now())(fewerUnassigned)).toEqual(fewerUnassigned);

    const tie = newMeeting(2, 2, 1);
    const lower = offer([0, 0, 0, 0, 7], [{ vehicle: 0, tasks: [0, 1] }]);
    meetingPoint(tie, 0, Date.now())(lower);
    expect(meetingPoint(tie, 1, Date.now())(offer([0, 0, 0, 0, 7], [{ vehicle: 0, tasks: [1, 0] }]))).toEqual(lower);
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

  it('offers its best once and goes on from a better solution handed to it', () => {
    // A better solution than a 40-iteration search finds alone: a long search's, as offered.
    const long = solveWithStats(request, matrices, opts(3000));
    let handed: OfferedSolution | undefined;
    const recordLong = solveWithStats(request, matrices, {
      ...opts(3000),
      meet: (o) => {
        handed = o;
        return null;
      },
    });
    expect(recordLong.result).toEqual(long.result);
    const alone = solveWithStats(request, matrices, opts(40));
    expect(handed).toBeDefined();
    const offers: OfferedSolution[] = [];
    const met = solveWithStats(request, matrices, {
      ...opts(40),
      meet: (o) => {
        offers.push(o);
        return handed!;
      },
    });
    expect(offers).toHaveLength(1);
    expect(offers[0].routes.flatMap((r) => r.tasks).length).toBeGreaterThan(0);
    expect(alone.result.summary.cost).toBeGreaterThan(handed!.objective[4]);
    expect(met.result.summary.cost).toBeLessThanOrEqual(handed!.objective[4]);
    expect(checkSolution(request, matrices, met.result)).toEqual([]);
  });
});
