// Solomon / Gehring & Homberger instance files -> solver request and matrices.
// TypeScript port of the team's bench/convert.mjs (scale 1000: every arc is
// Math.round(1000 * euclid), windows and service times x 1000).
import type { SolverMatrices, SolverRequest } from '../../../shared/solver';

export interface Node {
  no: number;
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
}

export interface Instance {
  name: string;
  nVehicles: number;
  capacity: number;
  nodes: Node[];
}

export function parseInstance(text: string, fallbackName = 'instance'): Instance {
  const lines = text
    .replace(/\r/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const nums = (l: string) => l.split(/\s+/).map(Number);
  const name = lines[0] || fallbackName;
  let nVehicles: number | null = null;
  let capacity = 0;
  const nodes: Node[] = [];
  for (let i = 1; i < lines.length; i++) {
    const r = nums(lines[i]);
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
  return { name, nVehicles, capacity, nodes };
}

export function euclid(a: Node, b: Node): number {
  return Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2);
}

export function scaledMatrix(nodes: Node[], scale: number): number[][] {
  const n = nodes.length;
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i][j] = m[j][i] = Math.round(scale * euclid(nodes[i], nodes[j]));
  return m;
}

export function convert(inst: Instance, scale = 1000, vehicles?: number): { request: SolverRequest; matrices: SolverMatrices } {
  const { nodes } = inst;
  if (nodes[0].no !== 0) throw new Error('first node must be the depot (number 0)');
  const S = (v: number) => Math.round(v * scale);
  const depot = nodes[0];
  const matrix = scaledMatrix(nodes, scale);
  const request: SolverRequest = {
    locations: nodes.map((nd) => [nd.y / 1000, nd.x / 1000]),
    jobs: nodes.slice(1).map((nd, i) => ({
      id: nd.no,
      location_index: i + 1,
      service: S(nd.service),
      delivery: [nd.demand],
      time_windows: [[S(nd.ready), S(nd.due)]],
    })),
    vehicles: Array.from({ length: vehicles ?? inst.nVehicles }, (_, k) => ({
      id: k + 1,
      start_index: 0,
      end_index: 0,
      capacity: [inst.capacity],
      time_window: [S(depot.ready), S(depot.due)] as [number, number],
    })),
    options: { objective: { travel_cost: 'customized' } },
  };
  return { request, matrices: { car: { durations: matrix, distances: matrix, costs: matrix } } };
}
