// Split jobs (`jobs[].split`): a job whose goods no vehicle can carry whole is served in parts by
// several vehicles. Before the model is built each such job becomes k part jobs at its location,
// each carrying an even share of its goods (whole units), tied by a joint order so that all parts
// are served or none is. The search then moves every part on its own like any job; the result
// (result/splits.ts) folds the parts back under the job's id with their `split_indicator`.
// Requests without a splittable job are returned untouched (null), so their answers do not change.
import type { SolverJob, SolverRequest, SolverVehicle } from '../types';
import { zonesMatch } from './task-rules';

export interface SplitPart {
  /** The id of the job it is part of. */
  job: number;
  /** 1-based. */
  part: number;
  of: number;
}

export interface SplitPlan {
  /** The request with each split job replaced by its parts. */
  request: SolverRequest;
  /** Part job id -> which part of which job it is. */
  parts: Map<number, SplitPart>;
  /** Jobs left out because their parts would break max_split, quant or the task limit (reason `split`). */
  refused: SolverJob[];
  /** Split jobs whose parts share a fresh joint order (the job had none of its own). */
  ownJoint: Set<number>;
}

/** Parts of one job at most, whatever max_split says (the schema caps max_split there too). */
export const MAX_PARTS = 100;

/**
 * Tasks at most once the parts are counted: the API's limit on a request (jobs + 2 x shipments),
 * so that splitting never makes a problem larger than one the API would take.
 */
export const MAX_TASKS_SPLIT = 4000;

const sum = (a?: number[]) => (a ?? []).reduce((x, y) => x + y, 0);

/** Whether the job asks to be split and can be: goods to share, no relation, no single item. */
export function splittable(job: SolverJob, inRelation: Set<number>): boolean {
  return job.split?.can_be_split === true && sum(job.delivery) + sum(job.pickup) > 0 && !inRelation.has(job.id) && !job.volume;
}

/** Part i (0-based) of k of an amount: an even share in whole units, the first parts one more. */
export function shareOf(amount: number[] | undefined, i: number, k: number): number[] | undefined {
  return amount?.map((a) => Math.floor(a / k) + (i < a % k ? 1 : 0));
}

/** A vehicle that may serve the job at all: its skills and zones (the rest is the search's). */
function mayServe(job: SolverJob, v: SolverVehicle): boolean {
  return (job.skills ?? []).every((k) => v.skills?.includes(k)) && zonesMatch(job.zones, v.zones);
}

function carries(v: SolverVehicle, delivery: number[], pickup: number[]): boolean {
  const configs = [...(v.capacity ? [v.capacity] : []), ...(v.alternative_capacities ?? [])];
  if (configs.length === 0) return true;
  const fit = (c: number[], a: number[]) => a.every((x, d) => x <= (c[d] ?? 0));
  return configs.some((c) => fit(c, delivery) && fit(c, pickup));
}

/**
 * The least number of parts k such that the vehicles with the job's skills and zones have k
 * loads (a vehicle counts once per run or shift) that each carry the largest part; 1 when a vehicle takes the job whole, null when no
 * number of parts fits.
 */
export function partCount(job: SolverJob, vehicles: SolverVehicle[]): number | null {
  const fleet = vehicles.filter((v) => mayServe(job, v));
  const slots = fleet.reduce((n, v) => n + Math.max(1, v.max_depot_runs ?? 1, v.shifts?.length ?? 1), 0);
  // One past max_split is enough to know the job breaks it; the cap bounds the scan on huge fleets.
  const last = Math.min(slots, (job.split?.max_split ?? MAX_PARTS) + 1, MAX_PARTS + 1);
  for (let k = 1; k <= last; k++) {
    const largest = (a?: number[]) => (a ?? []).map((x) => Math.ceil(x / k));
    const del = largest(job.delivery);
    const pick = largest(job.pickup);
    let n = 0;
    for (const v of fleet) if (carries(v, del, pick)) n += Math.max(1, v.max_depot_runs ?? 1, v.shifts?.length ?? 1);
    if (n >= k) return k;
  }
  return null;
}

/** Whether k even parts each carry at least quant percent of the job's largest amount. */
export function sharesHold(job: SolverJob, k: number): boolean {
  const quant = job.split?.quant;
  if (quant === undefined) return true;
  const main = Math.max(...(job.delivery ?? [0]), ...(job.pickup ?? [0]));
  return Math.floor(main / k) * 100 >= quant * main;
}

export function planSplits(req: SolverRequest): SplitPlan | null {
  const inRelation = new Set<number>();
  for (const r of req.relations ?? []) for (const s of r.steps) if (s.type === 'job' && s.id !== undefined) inRelation.add(s.id);
  const jobs = req.jobs ?? [];
  if (!jobs.some((j) => splittable(j, inRelation))) return null;
  let nextId = Math.max(-1, ...jobs.map((j) => j.id)) + 1;
  const orders = [...jobs, ...(req.shipments ?? [])].map((t) => t.joint_order ?? -1);
  let nextJoint = Math.max(-1, ...orders) + 1;
  const plan: SplitPlan = { request: req, parts: new Map(), refused: [], ownJoint: new Set() };
  const split = new Set<number>();
  const out: SolverJob[] = [];
  let tasks = jobs.length + 2 * (req.shipments?.length ?? 0);
  for (const job of jobs) {
    const k = splittable(job, inRelation) ? partCount(job, req.vehicles) : 1;
    // No number of parts fits: the job stays whole and goes unassigned for its capacity.
    if (k === null || k === 1) {
      out.push(job);
      continue;
    }
    split.add(job.id);
    if (k > Math.min(job.split?.max_split ?? MAX_PARTS, MAX_PARTS) || !sharesHold(job, k) || tasks + k - 1 > MAX_TASKS_SPLIT) {
      plan.refused.push(job);
      continue;
    }
    tasks += k - 1;
    if (job.joint_order === undefined) plan.ownJoint.add(job.id);
    const joint = job.joint_order ?? nextJoint++;
    for (let i = 0; i < k; i++) {
      const id = nextId++;
      plan.parts.set(id, { job: job.id, part: i + 1, of: k });
      const part: SolverJob = {
        ...job,
        id,
        delivery: shareOf(job.delivery, i, k),
        pickup: shareOf(job.pickup, i, k),
        joint_order: joint,
        split: undefined,
      };
      // Money is the job's, not each part's: revenue and outsourcing cost are shared out.
      if (job.revenue !== undefined) part.revenue = job.revenue / k;
      if (job.outsourcing_cost !== undefined) part.outsourcing_cost = job.outsourcing_cost / k;
      for (const key of ['delivery', 'pickup', 'split', 'revenue', 'outsourcing_cost'] as const)
        if (part[key] === undefined) delete part[key];
      out.push(part);
    }
  }
  if (split.size === 0) return null;
  // An earlier plan names jobs, not parts: the parts of a split job are placed again.
  const solution = req.solution?.map((r) => ({ ...r, steps: r.steps.filter((s) => !(s.type === 'job' && split.has(s.id!))) }));
  plan.request = { ...req, jobs: out, ...(solution ? { solution } : {}) };
  return plan;
}
