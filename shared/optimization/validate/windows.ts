import type { OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

/** Time windows [start, end] with start <= end. */
export function checkWindows(req: OptimizationRequest, add: AddIssue): void {
  const window = (field: string, w: [number, number] | undefined) => {
    if (w && w[0] > w[1]) add(field, `start (${w[0]}) must not be after end (${w[1]})`);
  };
  req.vehicles.forEach((v, i) => {
    window(`vehicles[${i}].time_window`, v.time_window);
    v.breaks?.forEach((b, k) => b.time_windows?.forEach((w, m) => window(`vehicles[${i}].breaks[${k}].time_windows[${m}]`, w)));
  });
  req.jobs?.forEach((j, i) => j.time_windows?.forEach((w, k) => window(`jobs[${i}].time_windows[${k}]`, w)));
  req.shipments?.forEach((s, i) => {
    s.pickup.time_windows?.forEach((w, k) => window(`shipments[${i}].pickup.time_windows[${k}]`, w));
    s.delivery.time_windows?.forEach((w, k) => window(`shipments[${i}].delivery.time_windows[${k}]`, w));
  });
}
