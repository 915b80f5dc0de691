// The checker's own reading of layover_config, from the documented rule and the result's steps
// alone (it shares nothing with routes/layovers.ts): between two rests the driver drives at most
// max_continuous_time, counting setup, service and depot loading too with include_service_time.
// A rest is a `layover` step, or any pause of at least layover_duration: a wait, or a break with
// the wait before it. Travel comes from the steps' running `duration`, which index.ts checks
// against the matrices.
import type { ResultStep, SolverVehicle } from '../types';

const TOL = 1e-6;

export function checkLayovers(
  vehicle: SolverVehicle,
  steps: ResultStep[],
  allowEarly: boolean,
  bad: (rule: string, detail: string, step?: number) => void,
): void {
  const rule = vehicle.layover_config;
  steps.forEach((s, i) => {
    if (s.type !== 'layover') return;
    if (!rule) bad('layover', 'a layover on a vehicle without layover_config', i);
    else if (s.service !== rule.layover_duration) bad('layover', `layover of ${s.service}, expected ${rule.layover_duration}`, i);
    const before = steps[i - 1];
    if (before && before.location_index !== undefined && s.location_index !== before.location_index)
      bad('layover', 'a layover away from where the vehicle is', i);
  });
  if (!rule) return;
  const max = rule.max_continuous_time;
  const rest = rule.layover_duration;
  const counts = (x: number) => (rule.include_service_time ? x : 0);
  let count = 0;
  let free = 0; // when the vehicle may leave the previous step
  let driven = 0;
  const over = (i: number) => {
    if (count > max + TOL) bad('max_continuous_time', `${count} s without a rest, at most ${max}`, i);
  };
  steps.forEach((s, i) => {
    const start = s.arrival + s.waiting_time;
    if (i === 0) {
      count = counts(s.setup + s.service);
      free = start + s.setup + s.service;
      driven = s.duration;
      over(i);
      return;
    }
    const travel = s.duration - driven;
    driven = s.duration;
    const idle = start - free - travel;
    const task = s.type === 'job' || s.type === 'pickup' || s.type === 'delivery';
    if (s.type === 'layover' || s.type === 'break') {
      if (idle + s.service >= rest) count = 0;
    } else if (task && !allowEarly) {
      // Without early arrival the vehicle idles before it drives.
      if (idle >= rest) count = 0;
      count += travel;
      over(i);
      count += counts(s.setup + s.service);
    } else {
      count += travel;
      over(i);
      if (idle >= rest) count = 0;
      count += counts(s.setup + s.service);
    }
    over(i);
    free = start + s.setup + s.service;
  });
}
