// Ordered crossover (OX, Oliver et al. 1987) of two giant tours: a random slice of the first
// parent kept in place, the other clients in the second parent's order from the slice's end.
import type { Rng } from '../../prng';

export function orderedCrossover(a: number[], b: number[], rng: Rng): number[] {
  const n = a.length;
  const child = new Array<number>(n);
  const taken = new Uint8Array(n);
  const start = rng.int(n);
  let end = rng.int(n);
  while (n > 1 && end === start) end = rng.int(n);
  for (let k = start; k !== (end + 1) % n; k = (k + 1) % n) {
    child[k] = a[k];
    taken[a[k]] = 1;
  }
  let w = (end + 1) % n;
  for (let k = 1; k <= n; k++) {
    const c = b[(end + k) % n];
    if (taken[c]) continue;
    child[w] = c;
    taken[c] = 1;
    w = (w + 1) % n;
  }
  return child;
}
