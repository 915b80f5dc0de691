// CVRPLIB instance files (TSPLIB format, as Uchoa et al.'s X set) -> solver request and matrices.
// `KEY : value` header lines, then NODE_COORD_SECTION (`id x y`), DEMAND_SECTION (`id demand`)
// and DEPOT_SECTION (ids ended by -1). CVRPLIB's best-known costs count every arc as its
// Euclidean length rounded to the nearest integer (TSPLIB's nint), so the matrices carry exactly
// those integers, unscaled: the solver's own cost is then the figure the literature reports.
import type { SolverMatrices, SolverRequest } from '../../../shared/solver';
import { euclid, type Point } from './convert';

export interface CvrpInstance {
  name: string;
  capacity: number;
  /** The depot first, then the customers in file order. */
  points: Point[];
  /** TSPLIB node ids, aligned with `points`. */
  ids: number[];
  demands: number[];
  /** The `k` of an X name: the fewest vehicles the demand allows (routes are not limited to it). */
  minVehicles: number;
}

/** TSPLIB files open with a `KEY : value` line; every other format here opens with numbers or a bare name. */
export function isTsplib(text: string): boolean {
  return /^\s*NAME\s*:/i.test(text) && /NODE_COORD_SECTION/i.test(text);
}

export function parseCvrp(text: string, fallbackName = 'instance'): CvrpInstance {
  const header = new Map<string, string>();
  const coords = new Map<number, Point>();
  const demand = new Map<number, number>();
  const depots: number[] = [];
  let section = '';
  for (const raw of text.replace(/\r/g, '').split('\n')) {
    const line = raw.trim();
    if (!line || line === 'EOF') continue;
    const kv = /^([A-Z_]+)\s*:\s*(.*)$/i.exec(line);
    if (kv && !/_SECTION$/i.test(kv[1])) {
      header.set(kv[1].toUpperCase(), kv[2].trim());
      continue;
    }
    if (/_SECTION$/i.test(line)) {
      section = line.toUpperCase();
      continue;
    }
    const r = line.split(/\s+/).map(Number);
    if (section === 'NODE_COORD_SECTION') coords.set(r[0], { x: r[1], y: r[2] });
    else if (section === 'DEMAND_SECTION') demand.set(r[0], r[1]);
    else if (section === 'DEPOT_SECTION') depots.push(...r.filter((v) => v >= 0));
  }
  const type = header.get('EDGE_WEIGHT_TYPE');
  if (type !== 'EUC_2D') throw new Error(`EDGE_WEIGHT_TYPE ${type ?? 'missing'}: only EUC_2D is read`);
  if (depots.length !== 1) throw new Error(`${depots.length} depots: a CVRP file has exactly one`);
  const capacity = Number(header.get('CAPACITY'));
  if (!(capacity > 0)) throw new Error('CAPACITY missing');
  const ids = [depots[0], ...[...coords.keys()].filter((id) => id !== depots[0])];
  const missing = ids.find((id) => !demand.has(id));
  if (missing !== undefined) throw new Error(`node ${missing} has no demand`);
  const demands = ids.map((id) => demand.get(id)!);
  const name = header.get('NAME') || fallbackName;
  const k = /-k(\d+)/i.exec(name);
  const total = demands.reduce((a, b) => a + b, 0);
  return {
    name,
    capacity,
    points: ids.map((id) => coords.get(id)!),
    ids,
    demands,
    minVehicles: k ? Number(k[1]) : Math.ceil(total / capacity),
  };
}

/** TSPLIB's nint: half rounds up (lengths are never negative). */
export const nint = (x: number) => Math.floor(x + 0.5);

export function nintMatrix(points: Point[]): number[][] {
  const n = points.length;
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i][j] = m[j][i] = nint(euclid(points[i], points[j]));
  return m;
}

/**
 * The X set leaves the fleet free; the best-known solutions use up to a few routes more than `k`.
 * A fifth more (and one) is room enough without handing the search dozens of empty vehicles.
 */
export const cvrpFleet = (inst: CvrpInstance) => Math.ceil(1.2 * inst.minVehicles) + 1;

export function convertCvrp(inst: CvrpInstance, vehicles = cvrpFleet(inst)): { request: SolverRequest; matrices: SolverMatrices } {
  const m = nintMatrix(inst.points);
  const request: SolverRequest = {
    // Synthetic coordinates (the X grid is 0..1000): only the matrices define the problem.
    locations: inst.points.map((p) => [p.y / 1000, p.x / 1000]),
    jobs: inst.ids.slice(1).map((id, i) => ({ id, location_index: i + 1, delivery: [inst.demands[i + 1]] })),
    vehicles: Array.from({ length: vehicles }, (_, k) => ({ id: k + 1, start_index: 0, end_index: 0, capacity: [inst.capacity] })),
    options: { objective: { travel_cost: 'customized' } },
  };
  return { request, matrices: { car: { durations: m, distances: m, costs: m } } };
}

/** The routes' cost in CVRPLIB's convention: the sum of the nint arcs. */
export function cvrpDistance(inst: CvrpInstance, routes: { steps: { location_index?: number }[] }[]): number {
  let sum = 0;
  for (const r of routes) {
    const idx = r.steps.map((s) => s.location_index!);
    for (let k = 1; k < idx.length; k++) sum += nint(euclid(inst.points[idx[k - 1]], inst.points[idx[k]]));
  }
  return sum;
}
