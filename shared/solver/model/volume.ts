// Cargo volume: each item must fit the vehicle's compartment in an orientation its alignment
// allows, and the items on board together may not hold more volume than the compartment. The
// second is a capacity dimension of its own (the last, after the request's ones: tasks.ts fills it); items
// are not packed, so a set whose volumes add up is taken to fit.
import type { SolverRequest, Volume } from '../types';

export interface VolumeModel {
  /** Per task (both halves of a shipment), in the units below; 0 without a volume. */
  taskUnits: Int32Array;
  /** Per vehicle; the largest Int32 when the vehicle gives no compartment. */
  vehicleUnits: Int32Array;
  /** Task x vehicle: the item fits the compartment. */
  fits: Uint8Array;
}

const MAX = 2147483647;

/** Sides as [width, height, depth]; absent sides count as 0. */
const sides = (v: Volume) => [v.width ?? 0, v.height ?? 0, v.depth ?? 0];

/**
 * `strict`: loaded as given. `parallel` and `fixed_bottom`: upright, may turn on the floor
 * (width and depth swap). Anything else: any of the six orientations.
 */
export function itemFits(item: Volume, box: Volume): boolean {
  const [w, h, d] = sides(item);
  const [W, H, D] = sides(box);
  const align = item.alignment;
  if (align === 'strict') return w <= W && h <= H && d <= D;
  if (align === 'parallel' || align === 'fixed_bottom') return h <= H && ((w <= W && d <= D) || (w <= D && d <= W));
  const a = [w, h, d].sort((x, y) => x - y);
  const b = [W, H, D].sort((x, y) => x - y);
  return a.every((x, i) => x <= b[i]);
}

const cubic = (v: Volume) => sides(v).reduce((a, b) => a * b, 1);

export function buildVolume(req: SolverRequest): VolumeModel | null {
  const jobs = req.jobs ?? [];
  const shipments = req.shipments ?? [];
  const items: (Volume | undefined)[] = [...jobs.map((j) => j.volume), ...shipments.flatMap((s) => [s.volume, s.volume])];
  if (!items.some((v) => v !== undefined)) return null;
  const boxes = req.vehicles.map((v) => v.volume);
  // One unit is the smallest power of ten that keeps every compartment within Int32; items round
  // up and compartments down, so a load that passes never overfills.
  const largest = Math.max(0, ...boxes.map((b) => (b ? cubic(b) : 0)));
  let unit = 1;
  while (largest / unit > MAX) unit *= 10;
  const taskUnits = Int32Array.from(items, (v) => (v ? Math.min(MAX, Math.ceil(cubic(v) / unit)) : 0));
  const vehicleUnits = Int32Array.from(boxes, (b) => (b ? Math.floor(cubic(b) / unit) : MAX));
  const fits = new Uint8Array(items.length * boxes.length);
  items.forEach((v, t) => boxes.forEach((b, k) => (fits[t * boxes.length + k] = !v || !b || itemFits(v, b) ? 1 : 0)));
  return { taskUnits, vehicleUnits, fits };
}
