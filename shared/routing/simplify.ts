/** Douglas-Peucker simplification of [lat, lon] lines, tolerance in metres. */

const M_PER_DEG = 111_320;

function offsetMeters(p: readonly [number, number], a: readonly [number, number], b: readonly [number, number], kx: number): number {
  const ax = a[1] * kx;
  const ay = a[0] * M_PER_DEG;
  const dx = b[1] * kx - ax;
  const dy = b[0] * M_PER_DEG - ay;
  const px = p[1] * kx - ax;
  const py = p[0] * M_PER_DEG - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / l2));
  return Math.hypot(px - t * dx, py - t * dy);
}

/** Keeps the first and last point and every point farther than `toleranceM` from the simplified line. */
export function simplifyLine<T extends readonly [number, number]>(coords: readonly T[], toleranceM: number): T[] {
  if (coords.length <= 2 || toleranceM <= 0) return coords.slice();
  const kx = M_PER_DEG * Math.cos((coords[0][0] * Math.PI) / 180);
  const keep = new Uint8Array(coords.length);
  keep[0] = keep[coords.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, coords.length - 1]];
  while (stack.length) {
    const [i, j] = stack.pop()!;
    let worst = -1;
    let at = -1;
    for (let k = i + 1; k < j; k++) {
      const d = offsetMeters(coords[k], coords[i], coords[j], kx);
      if (d > worst) {
        worst = d;
        at = k;
      }
    }
    if (at >= 0 && worst > toleranceM) {
      keep[at] = 1;
      stack.push([i, at], [at, j]);
    }
  }
  return coords.filter((_, k) => keep[k] === 1);
}

/** A closed ring stays closed with at least four positions (a triangle), whatever the tolerance. */
export function simplifyRing<T extends readonly [number, number]>(ring: readonly T[], toleranceM: number): T[] {
  const out = simplifyLine(ring, toleranceM);
  return out.length >= 4 ? out : ring.slice();
}
