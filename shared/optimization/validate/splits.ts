// `jobs[].split`: the field's own bounds are in the schema (max_split 1..100, quant in (0, 100]);
// here the rules that need the whole job. A split job must have goods to share, and the cases it
// is accepted but served whole are named in the warnings (docs/api/optimization.md#split-jobs).
import type { OptimizationRequest } from '../schemas';
import type { AddIssue } from './issues';

const positive = (a?: number[]) => (a ?? []).some((x) => x > 0);

export function checkSplits(req: OptimizationRequest, add: AddIssue): void {
  req.jobs?.forEach((j, i) => {
    if (j.split?.can_be_split === true && !positive(j.delivery) && !positive(j.pickup))
      add(`jobs[${i}].split`, 'can_be_split needs a delivery or pickup amount to share between vehicles');
  });
}

/** Split jobs served whole, and why. */
export function splitWarnings(req: OptimizationRequest): string[] {
  const inRelation = new Set<string>();
  for (const r of req.relations ?? []) for (const s of r.steps) if (s.type === 'job' && s.id !== undefined) inRelation.add(String(s.id));
  const out: string[] = [];
  req.jobs?.forEach((j, i) => {
    if (j.split?.can_be_split !== true) return;
    if (j.volume) out.push(`jobs[${i}].split: a job with volume is one item and is served whole`);
    else if (inRelation.has(String(j.id))) out.push(`jobs[${i}].split: a job in a relation is served whole`);
  });
  return out;
}
