// Cordeau's multi-depot VRP files (p01-p23, pr01-pr10) -> solver request and matrices.
// First line `type m n t` (type 2 = MDVRP; m vehicles per depot, n customers, t depots); then t
// lines `D Q` (maximum route duration, 0 for none; capacity); then n customer lines
// `i x y d q ...` (service duration d, demand q; the visit patterns after q belong to the periodic
// variant and are not read); then t depot lines `i x y ...`.
// Best-known costs are in double-precision Euclidean distance, so, as for the VRPTW files, the
// matrices are Math.round(1000 * d) and the reported distance is recomputed from the coordinates.
// A route's duration is its travel plus its service time (Cordeau, Gendreau and Laporte 1997), the
// solver's max_working_time when nothing waits.
import type { SolverMatrices, SolverRequest } from '../../../shared/solver';
import { euclid, scaledMatrix, type Point } from './convert';

export interface MdvrpDepot extends Point {
  no: number;
  /** Maximum route duration, 0 for none. */
  maxDuration: number;
  capacity: number;
}

export interface MdvrpCustomer extends Point {
  no: number;
  service: number;
  demand: number;
}

export interface MdvrpInstance {
  name: string;
  vehiclesPerDepot: number;
  depots: MdvrpDepot[];
  customers: MdvrpCustomer[];
}

const numbers = (line: string) => line.trim().split(/\s+/).map(Number);

/** Cordeau's files open with four integers, the first being the problem type (2: MDVRP). */
export function isCordeauMdvrp(text: string): boolean {
  const first = numbers(text.replace(/\r/g, '').split('\n')[0] ?? '');
  return first.length === 4 && first.every(Number.isInteger) && first[0] === 2;
}

export function parseMdvrp(text: string, name = 'instance'): MdvrpInstance {
  const lines = text
    .replace(/\r/g, '')
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map(numbers);
  const [type, m, n, t] = lines[0];
  if (type !== 2) throw new Error(`problem type ${type}: only 2 (MDVRP) is read`);
  if (lines.length < 1 + t + n + t) throw new Error(`${lines.length} lines for ${n} customers and ${t} depots`);
  const limits = lines.slice(1, 1 + t);
  const customers = lines.slice(1 + t, 1 + t + n).map(([no, x, y, service, demand]) => ({ no, x, y, service, demand }));
  const depots = lines
    .slice(1 + t + n, 1 + t + n + t)
    .map(([no, x, y], k) => ({ no, x, y, maxDuration: limits[k][0], capacity: limits[k][1] }));
  return { name, vehiclesPerDepot: m, depots, customers };
}

/** Locations: the depots first (index k = depot k), then the customers in file order. */
export function mdvrpPoints(inst: MdvrpInstance): Point[] {
  return [...inst.depots, ...inst.customers];
}

export function convertMdvrp(inst: MdvrpInstance, scale = 1000): { request: SolverRequest; matrices: SolverMatrices } {
  const points = mdvrpPoints(inst);
  const t = inst.depots.length;
  const distances = scaledMatrix(points, scale);
  const request: SolverRequest = {
    locations: points.map((p) => [p.y / 1000, p.x / 1000]),
    jobs: inst.customers.map((c, i) => ({ id: c.no, location_index: t + i, service: Math.round(c.service * scale), delivery: [c.demand] })),
    vehicles: inst.depots.flatMap((d, k) =>
      Array.from({ length: inst.vehiclesPerDepot }, (_, j) => ({
        id: k * inst.vehiclesPerDepot + j + 1,
        start_index: k,
        end_index: k,
        capacity: [d.capacity],
        ...(d.maxDuration > 0 ? { max_working_time: Math.round(d.maxDuration * scale) } : {}),
      })),
    ),
    options: { objective: { travel_cost: 'customized' } },
  };
  return { request, matrices: { car: { durations: distances, distances, costs: distances } } };
}

/** Double-precision Euclidean length of the routes, the unit of the best-known costs. */
export function mdvrpDistance(inst: MdvrpInstance, routes: { steps: { location_index?: number }[] }[]): number {
  const points = mdvrpPoints(inst);
  let sum = 0;
  for (const r of routes) {
    const idx = r.steps.map((s) => s.location_index!);
    for (let k = 1; k < idx.length; k++) sum += euclid(points[idx[k - 1]], points[idx[k]]);
  }
  return sum;
}
