// The checker's own reading of vehicles[].shifts, from the documented rule and the result's steps
// alone (it shares nothing with routes/shifts.ts): every run starts loading within a shift, at or
// after its start, and is back (at the depot, or at the route end for the last run) by that
// shift's end; runs lie in different shifts, in order. Returns the time off the clock: from each
// return to the depot to the next run's shift start.
import type { ResultStep, SolverVehicle } from '../types';

const TOL = 1e-6;

export function checkShifts(
  vehicle: SolverVehicle,
  steps: ResultStep[],
  routeEnd: number,
  bad: (rule: string, detail: string, step?: number) => void,
): number {
  const shifts = [...(vehicle.shifts ?? [])].sort((a, b) => a[0] - b[0]);
  if (shifts.length === 0) return 0;
  let off = 0;
  let last = -1;
  let backAt = -1;
  steps.forEach((s, i) => {
    if (s.type !== 'start') return;
    const loading = s.arrival + s.waiting_time;
    const endAt = steps.findIndex((e, j) => j > i && (e.type === 'end' || e.type === 'start'));
    const end = endAt >= 0 && steps[endAt].type === 'end' ? steps[endAt].arrival : routeEnd;
    // A shift after the previous run's that holds the loading; where shifts touch, the one the run fits.
    const holds = shifts.map((_, x) => x).filter((x) => x > last && loading >= shifts[x][0] - TOL && loading <= shifts[x][1] + TOL);
    if (holds.length === 0) return bad('shift', `a run starts loading at ${loading}, in no shift after the previous run's`, i);
    const k = holds.find((x) => end <= shifts[x][1] + TOL) ?? holds[0];
    if (end > shifts[k][1] + TOL) bad('shift', `a run in shift ${k + 1} ends at ${end}, after ${shifts[k][1]}`, i);
    if (backAt >= 0) off += Math.max(0, shifts[k][0] - backAt);
    last = k;
    backAt = end;
  });
  return off;
}
