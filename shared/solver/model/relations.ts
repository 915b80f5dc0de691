// Relations between tasks (same route, sequences, precedence, pinning) and the groups they tie
// to one route: the request's step references resolved to task indices and checked.
import { SolverError } from '../errors';
import type { SolverRequest, StepType } from '../types';
import { KIND_DELIVERY, KIND_JOB, KIND_PICKUP } from './tasks';

const INF = Number.POSITIVE_INFINITY;

export interface RelationModel {
  type: 'in_same_route' | 'in_sequence' | 'in_direct_sequence' | 'precedence' | 'pinned';
  /** Task indices in relation order; -1 = route start, -2 = route end. */
  steps: number[];
  vehicle: number; // vehicle index or -1
  minDuration: number;
  maxDuration: number;
}

/**
 * Per task: whether a relation lets it break its windows, whether the waiting limit applies, the
 * relations it is in, and its group (tasks tied to one route share one, else -1).
 */
export function buildRelations(req: SolverRequest, ids: number[], kind: Uint8Array, vIndex: Map<number, number>, nTasks: number) {
  const byKey = new Map<string, number>();
  ids.forEach((id, i) => byKey.set(`${kind[i] === KIND_JOB ? 'job' : kind[i] === KIND_PICKUP ? 'pickup' : 'delivery'}:${id}`, i));
  const relaxTw = new Uint8Array(nTasks);
  const waitLimited = new Uint8Array(nTasks);
  const taskRelations: number[][] = Array.from({ length: nTasks }, () => []);
  const parent = Int32Array.from({ length: nTasks }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  const inGroup = new Uint8Array(nTasks);
  const relations: RelationModel[] = (req.relations ?? []).map((r, ri) => {
    const steps = r.steps.map((s: { type: StepType; id?: number }) => {
      if (s.type === 'start') return -1;
      if (s.type === 'end') return -2;
      const i = byKey.get(`${s.type}:${s.id}`);
      if (i === undefined) throw new SolverError('relation', `relation ${ri}: unknown ${s.type} ${s.id}`);
      return i;
    });
    const vehicle = r.vehicle === undefined ? -1 : (vIndex.get(r.vehicle) ?? -2);
    if (vehicle === -2) throw new SolverError('relation', `relation ${ri}: unknown vehicle ${r.vehicle}`);
    const tasks = steps.filter((s) => s >= 0);
    for (const s of tasks) {
      if (kind[s] === KIND_JOB) continue;
      const other = kind[s] === KIND_PICKUP ? s + 1 : s - 1;
      // A relation holds both halves of a shipment, and (unless it only groups or pins them) the
      // pickup before the delivery.
      if (!tasks.includes(other))
        throw new SolverError('relation', `relation ${ri}: shipment ${ids[s]} needs both its pickup and delivery`);
      if (r.type !== 'in_same_route' && r.type !== 'pinned' && kind[s] === KIND_DELIVERY && steps.indexOf(s) < steps.indexOf(other))
        throw new SolverError('relation', `relation ${ri}: delivery ${ids[s]} before its pickup`);
    }
    for (const s of tasks) {
      relaxTw[s] = 1;
      taskRelations[s].push(ri);
      if (r.type === 'in_same_route') waitLimited[s] = 1;
      if (r.type !== 'pinned') {
        inGroup[s] = 1;
        parent[find(s)] = find(tasks[0]);
      }
    }
    return { type: r.type, steps, vehicle, minDuration: r.min_duration ?? 0, maxDuration: r.max_duration ?? INF };
  });
  const group = new Int32Array(nTasks).fill(-1);
  for (let i = 0; i < nTasks; i++) if (inGroup[i]) group[i] = find(i);
  return { relaxTw, waitLimited, taskRelations, relations, group };
}
