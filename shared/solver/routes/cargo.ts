// What is on board, and in which order it may leave: incompatible load types never ride
// together, and a LIFO shipment is delivered only after everything loaded behind it.
// On board: a shipment from its pickup to its delivery; a job for the whole route (its goods are
// loaded at the start or stay to the end, so it shares the vehicle with every other task).
import { KIND_DELIVERY, KIND_JOB, KIND_PICKUP } from '../model/tasks';
import { type Problem } from '../model/problem';
import type { Cargo } from '../model/task-rules';

function clash(a: Cargo, b: Cargo): boolean {
  return a.bans.some((x) => b.types.includes(x)) || b.bans.some((x) => a.types.includes(x));
}

/** The first cargo rule the route breaks, or null. O(n + k^2) for the k tasks with load types. */
export function cargoViolation(p: Problem, seq: ArrayLike<number>): 'load_type' | 'lifo' | null {
  const { cargo, lifo } = p.rules;
  const typed: { c: Cargo; from: number; to: number }[] = [];
  const pos = new Map<number, number>();
  for (let k = 0; k < seq.length; k++) pos.set(seq[k], k);
  for (let k = 0; k < seq.length; k++) {
    const t = seq[k];
    const c = cargo[t];
    if (!c || p.kind[t] === KIND_DELIVERY) continue;
    const to = p.kind[t] === KIND_JOB ? seq.length : (pos.get(p.pair[t]) ?? seq.length);
    typed.push({ c, from: p.kind[t] === KIND_JOB ? -1 : k, to });
  }
  for (let a = 0; a < typed.length; a++)
    for (let b = a + 1; b < typed.length; b++) {
      const x = typed[a];
      const y = typed[b];
      if (x.from < y.to && y.from < x.to && clash(x.c, y.c)) return 'load_type';
    }
  // A LIFO shipment picked up at i and delivered at j: any pickup between them is delivered before j.
  for (let i = 0; i < seq.length; i++) {
    const t = seq[i];
    if (p.kind[t] !== KIND_PICKUP || !lifo[t]) continue;
    const j = pos.get(p.pair[t]) ?? seq.length;
    for (let k = i + 1; k < j; k++) {
      const u = seq[k];
      if (p.kind[u] === KIND_PICKUP && (pos.get(p.pair[u]) ?? seq.length) > j) return 'lifo';
    }
  }
  return null;
}
