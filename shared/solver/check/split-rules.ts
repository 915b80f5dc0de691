// The checker's own reading of split jobs (`jobs[].split`), from the documented rule alone: a job
// is split only when no vehicle with its skills and zones holds it whole; a step with a
// `split_indicator` serves one part of its job and carries that part's goods; the
// parts of a served job are numbered 1..n, at least two and at most max_split, each at least
// quant percent of the job's largest amount, and together they carry exactly the job's goods.
// A job is split only when it asks to be; a job left out for its split says so (`split`).
import type { ResultStep, SolverJob, SolverRequest, SolverResult, SolverVehicle } from '../types';

type Bad = (rule: string, detail: string, vehicle?: number) => void;

interface Goods {
  key: string;
  delivery: number[];
  pickup: number[];
}

/** A part of a split job as its own visit (its own key and goods); any other step unchanged. */
export function asPart<T extends Goods>(task: T | undefined, s: ResultStep): T | undefined {
  if (!task || s.split_indicator === undefined) return task;
  return { ...task, key: `${task.key}#${s.split_indicator}`, delivery: s.delivery ?? [], pickup: s.pickup ?? [] };
}

/** Whether the vehicle may serve the job (skills, zones) and hold all its goods at once. */
function takesWhole(v: SolverVehicle, job: SolverJob): boolean {
  if (!(job.skills ?? []).every((k) => (v.skills ?? []).includes(k))) return false;
  const tz = job.zones ?? [];
  const vz = v.zones ?? [];
  if (tz.length || vz.length) if (!tz.some((z) => vz.includes(z))) return false;
  const room = [...(v.capacity ? [v.capacity] : []), ...(v.alternative_capacities ?? [])];
  const holds = (c: number[], a: number[] = []) => a.every((x, d) => x <= (c[d] ?? 0));
  return room.length === 0 || room.some((c) => holds(c, job.delivery) && holds(c, job.pickup));
}

interface Part {
  n: number;
  delivery: number[];
  pickup: number[];
}

export function checkSplits(req: SolverRequest, res: SolverResult, bad: Bad): void {
  const jobs = new Map<number, SolverJob>((req.jobs ?? []).map((j) => [j.id, j]));
  const parts = new Map<number, Part[]>();
  for (const r of res.routes)
    for (const s of r.steps) {
      if (s.split_indicator === undefined) continue;
      if (s.type !== 'job') {
        bad('split', `${s.type} ${s.id} carries a split_indicator`, r.vehicle);
        continue;
      }
      const list = parts.get(s.id!) ?? [];
      list.push({ n: s.split_indicator, delivery: s.delivery ?? [], pickup: s.pickup ?? [] });
      parts.set(s.id!, list);
    }
  for (const [id, list] of parts) {
    const job = jobs.get(id);
    if (!job) continue; // an unknown job: the main check names it
    const split = job.split;
    if (split?.can_be_split !== true) bad('split', `job ${id} is served in parts but cannot be split`);
    else if (req.vehicles.some((v) => takesWhole(v, job))) bad('split', `job ${id} is split though a vehicle carries it whole`);
    const numbers = list.map((p) => p.n).sort((a, b) => a - b);
    if (numbers.some((n, i) => n !== i + 1)) bad('split', `job ${id}: parts numbered ${numbers.join(',')}, not 1..${list.length}`);
    if (list.length < 2) bad('split', `job ${id}: a single part`);
    const most = Math.min(split?.max_split ?? 100, 100);
    if (list.length > most) bad('split', `job ${id}: ${list.length} parts, max_split ${most}`);
    for (const field of ['delivery', 'pickup'] as const) {
      const whole = job[field] ?? [];
      const dims = Math.max(whole.length, ...list.map((p) => p[field].length));
      for (let d = 0; d < dims; d++) {
        const total = list.reduce((a, p) => a + (p[field][d] ?? 0), 0);
        if (total !== (whole[d] ?? 0)) bad('split', `job ${id}: parts carry ${total} of ${field} ${d}, the job ${whole[d] ?? 0}`);
        if (list.some((p) => (p[field][d] ?? 0) < 0 || !Number.isInteger(p[field][d] ?? 0)))
          bad('split', `job ${id}: a part with ${field} ${d} not a whole non-negative amount`);
      }
    }
    if (split?.quant !== undefined) {
      const main = Math.max(0, ...(job.delivery ?? []), ...(job.pickup ?? []));
      // The share is read in the job's largest amount (its delivery first).
      const field = (job.delivery ?? []).includes(main) ? 'delivery' : 'pickup';
      const at = (job[field] ?? []).indexOf(main);
      for (const p of list)
        if ((p[field][at] ?? 0) * 100 < split.quant * main)
          bad('split', `job ${id}: part ${p.n} carries ${p[field][at] ?? 0} of ${main}, below quant ${split.quant}%`);
    }
  }
  for (const u of res.unassigned)
    if (u.reason === 'split' && (u.type !== 'job' || jobs.get(u.id)?.split?.can_be_split !== true))
      bad('unassigned', `${u.type}:${u.id} unassigned for a split it does not ask for`);
}
