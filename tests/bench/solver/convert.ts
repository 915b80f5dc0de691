// Benchmark instance files -> solver request and matrices. Two text formats, told apart by the
// first line:
// - Solomon / Gehring & Homberger (VRPTW): a name line, a VEHICLE block (`NUMBER CAPACITY`), a
//   CUSTOMER block (`no x y demand ready due service`); customer 0 is the depot.
// - Li & Lim (PDPTW): `K Q S` (vehicles, capacity, speed), then `no x y demand ready due service
//   pickup delivery`; task 0 is the depot, a pickup names its delivery and the delivery its pickup.
//   The speed is not used (SINTEF's format notes: travel time equals distance), and some copies in
//   circulation carry 0 there, so it is read past, never divided by.
// Scale 1000 as in the team's bench/convert.mjs: every arc is Math.round(1000 * euclid), for both
// distance and travel time; windows and service times x 1000.
import type { SolverMatrices, SolverRequest, SolverShipment, SolverShipmentStep } from '../../../shared/solver';

export interface Node {
  no: number;
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
  /** Li & Lim only: the pickup task of a delivery (0 on a pickup). */
  pickup?: number;
  /** Li & Lim only: the delivery task of a pickup (0 on a delivery). */
  delivery?: number;
}

export type InstanceKind = 'vrptw' | 'pdptw';

export interface Instance {
  name: string;
  kind: InstanceKind;
  nVehicles: number;
  capacity: number;
  nodes: Node[];
}

const numbers = (line: string) => line.split(/\s+/).map(Number);

function meaningfulLines(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** Li & Lim files open with exactly three numbers; Solomon files open with the instance name. */
export function detectKind(text: string): InstanceKind {
  const first = numbers(meaningfulLines(text)[0] ?? '');
  return first.length === 3 && first.every(Number.isFinite) ? 'pdptw' : 'vrptw';
}

export function parseInstance(text: string, fallbackName = 'instance'): Instance {
  const lines = meaningfulLines(text);
  if (lines.length === 0) throw new Error('empty file');
  return detectKind(text) === 'pdptw' ? parseLiLim(lines, fallbackName) : parseSolomon(lines, fallbackName);
}

function parseSolomon(lines: string[], fallbackName: string): Instance {
  let nVehicles: number | null = null;
  let capacity = 0;
  const nodes: Node[] = [];
  for (let i = 1; i < lines.length; i++) {
    const r = numbers(lines[i]);
    if (!r.every(Number.isFinite)) continue; // header lines
    if (r.length === 2 && nVehicles === null) {
      [nVehicles, capacity] = r;
      continue;
    }
    if (r.length >= 7) {
      const [no, x, y, demand, ready, due, service] = r;
      nodes.push({ no, x, y, demand, ready, due, service });
    }
  }
  if (nVehicles === null) throw new Error('could not find VEHICLE NUMBER / CAPACITY');
  return { name: lines[0] || fallbackName, kind: 'vrptw', nVehicles, capacity, nodes };
}

function parseLiLim(lines: string[], fallbackName: string): Instance {
  const [nVehicles, capacity] = numbers(lines[0]);
  const nodes = lines
    .slice(1)
    .map(numbers)
    .filter((r) => r.length >= 9 && r.every(Number.isFinite))
    .map(([no, x, y, demand, ready, due, service, pickup, delivery]) => ({ no, x, y, demand, ready, due, service, pickup, delivery }));
  return { name: fallbackName, kind: 'pdptw', nVehicles, capacity, nodes };
}

/** Points only: the CVRP and MDVRP converters share these with their own point types. */
export type Point = Pick<Node, 'x' | 'y'>;

export function euclid(a: Point, b: Point): number {
  return Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2);
}

export function scaledMatrix(nodes: Point[], scale: number): number[][] {
  const n = nodes.length;
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i][j] = m[j][i] = Math.round(scale * euclid(nodes[i], nodes[j]));
  return m;
}

/** Pickup-delivery pairs from the p/d columns, each checked from both ends and for opposite demands. */
function pairs(nodes: Node[]): [pickup: number, delivery: number][] {
  const at = new Map(nodes.map((nd, i) => [nd.no, i]));
  const out: [number, number][] = [];
  for (let i = 1; i < nodes.length; i++) {
    const nd = nodes[i];
    if (nd.pickup === 0) {
      const j = at.get(nd.delivery ?? -1);
      const dl = j === undefined ? undefined : nodes[j];
      if (j === undefined || !dl || dl.pickup !== nd.no || dl.demand !== -nd.demand)
        throw new Error(`task ${nd.no}: delivery ${nd.delivery} does not name it back as its pickup with the opposite demand`);
      out.push([i, j]);
    }
  }
  // Each delivery names one pickup back, so the pairs are disjoint: a shortfall is an orphan task.
  if (2 * out.length !== nodes.length - 1) throw new Error(`${nodes.length - 1} tasks but ${out.length} complete pickup-delivery pairs`);
  return out;
}

export function convert(inst: Instance, scale = 1000, vehicles?: number): { request: SolverRequest; matrices: SolverMatrices } {
  const { nodes } = inst;
  if (nodes[0]?.no !== 0) throw new Error('first node must be the depot (number 0)');
  const S = (v: number) => Math.round(v * scale);
  const depot = nodes[0];
  const distances = scaledMatrix(nodes, scale);
  const step = (i: number): SolverShipmentStep => ({
    id: nodes[i].no,
    location_index: i,
    service: S(nodes[i].service),
    time_windows: [[S(nodes[i].ready), S(nodes[i].due)]],
  });
  const tasks: Pick<SolverRequest, 'jobs' | 'shipments'> =
    inst.kind === 'vrptw'
      ? { jobs: nodes.slice(1).map((nd, i) => ({ ...step(i + 1), delivery: [nd.demand] })) }
      : {
          shipments: pairs(nodes).map(([p, d]): SolverShipment => ({ pickup: step(p), delivery: step(d), amount: [nodes[p].demand] })),
        };
  const request: SolverRequest = {
    locations: nodes.map((nd) => [nd.y / 1000, nd.x / 1000]),
    ...tasks,
    vehicles: Array.from({ length: vehicles ?? inst.nVehicles }, (_, k) => ({
      id: k + 1,
      start_index: 0,
      end_index: 0,
      capacity: [inst.capacity],
      time_window: [S(depot.ready), S(depot.due)] as [number, number],
    })),
    options: { objective: { travel_cost: 'customized' } },
  };
  return { request, matrices: { car: { durations: distances, distances, costs: distances } } };
}

/** Total double-precision Euclidean length of the routes, the unit best-known values are given in. */
export function routeDistance(inst: Instance, routes: { steps: { location_index?: number }[] }[]): number {
  let dist = 0;
  for (const r of routes) {
    const idx = r.steps.map((s) => s.location_index!);
    for (let k = 1; k < idx.length; k++) dist += euclid(inst.nodes[idx[k - 1]], inst.nodes[idx[k]]);
  }
  return dist;
}
