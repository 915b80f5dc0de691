/**
 * Exact 2-D orientation predicate (the sign of a 2x2 determinant), used by self-intersection,
 * point-in-polygon and boundary tests.
 *
 * Fast path: Shewchuk's floating-point filter (error bound ccwerrboundA), which decides the sign
 * for all but nearly-degenerate inputs. Slow path: exact arithmetic on BigInt. Every IEEE-754
 * double is m * 2^e with integer m, so the determinant is evaluated exactly after scaling all six
 * inputs to the smallest exponent. The result's sign is therefore exact for any finite inputs.
 */

const EPSILON = 2 ** -53;
const CCW_ERR_BOUND_A = (3 + 16 * EPSILON) * EPSILON;
const TINY = 2 ** -900;

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const MANT_MASK = (1n << 52n) - 1n;
const HIDDEN = 1n << 52n;

function decompose(x: number): [bigint, number] {
  f64[0] = x;
  const bits = u64[0];
  const neg = bits >> 63n === 1n;
  const expBits = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & MANT_MASK;
  let m: bigint;
  let e: number;
  if (expBits === 0) {
    m = frac;
    e = -1074;
  } else {
    m = frac | HIDDEN;
    e = expBits - 1075;
  }
  return [neg ? -m : m, e];
}

/** Exact sign of (ax-cx)*(by-cy) - (ay-cy)*(bx-cx), computed with BigInt. Returns -1, 0 or 1. */
export function orient2dExact(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const parts = [ax, ay, bx, by, cx, cy].map(decompose);
  let emin = Infinity;
  for (const [, e] of parts) if (e < emin) emin = e;
  const v = parts.map(([m, e]) => m << BigInt(e - emin));
  const det = (v[0] - v[4]) * (v[3] - v[5]) - (v[1] - v[5]) * (v[2] - v[4]);
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}

/**
 * Orientation of c relative to the directed line a -> b: 1 when c is to the left
 * (a, b, c counter-clockwise), -1 to the right, 0 when the three points are exactly collinear.
 */
export function orient2d(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const detleft = (ax - cx) * (by - cy);
  const detright = (ay - cy) * (bx - cx);
  const det = detleft - detright;
  // The filter assumes no underflow: products this small (sub-1e-270 degrees squared) go exact.
  if (Math.abs(detleft) + Math.abs(detright) < TINY) return orient2dExact(ax, ay, bx, by, cx, cy);
  let detsum: number;
  if (detleft > 0) {
    if (detright <= 0) return det > 0 ? 1 : det < 0 ? -1 : 0;
    detsum = detleft + detright;
  } else if (detleft < 0) {
    if (detright >= 0) return det > 0 ? 1 : det < 0 ? -1 : 0;
    detsum = -detleft - detright;
  } else {
    return det > 0 ? 1 : det < 0 ? -1 : 0;
  }
  const errbound = CCW_ERR_BOUND_A * detsum;
  if (det >= errbound) return 1;
  if (-det >= errbound) return -1;
  return orient2dExact(ax, ay, bx, by, cx, cy);
}

/** True when c lies on the closed segment a-b (exact). */
export function onSegment(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  if (cx < Math.min(ax, bx) || cx > Math.max(ax, bx) || cy < Math.min(ay, by) || cy > Math.max(ay, by)) return false;
  return orient2d(ax, ay, bx, by, cx, cy) === 0;
}

export type SegmentIntersection = 'none' | 'crossing' | 'touching' | 'overlap';

/**
 * Exact classification of the intersection of closed segments p1-p2 and q1-q2:
 * 'crossing' (interiors cross at one point), 'touching' (they meet at a single point that is an
 * endpoint of at least one of them), 'overlap' (collinear and sharing more than one point).
 */
export function segmentIntersection(
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  q1x: number,
  q1y: number,
  q2x: number,
  q2y: number,
): SegmentIntersection {
  // Bounding-box rejection (exact comparisons).
  if (Math.max(p1x, p2x) < Math.min(q1x, q2x) || Math.max(q1x, q2x) < Math.min(p1x, p2x)) return 'none';
  if (Math.max(p1y, p2y) < Math.min(q1y, q2y) || Math.max(q1y, q2y) < Math.min(p1y, p2y)) return 'none';
  const o1 = orient2d(p1x, p1y, p2x, p2y, q1x, q1y);
  const o2 = orient2d(p1x, p1y, p2x, p2y, q2x, q2y);
  const o3 = orient2d(q1x, q1y, q2x, q2y, p1x, p1y);
  const o4 = orient2d(q1x, q1y, q2x, q2y, p2x, p2y);
  if (o1 === 0 && o2 === 0) {
    // Collinear (o3 and o4 are 0 too). Boxes overlap on the line, so they share points.
    let shared = 0;
    const pts: Array<[number, number]> = [];
    const add = (x: number, y: number) => {
      if (!pts.some(([a, b]) => a === x && b === y)) pts.push([x, y]);
    };
    if (onSegment(p1x, p1y, p2x, p2y, q1x, q1y)) add(q1x, q1y);
    if (onSegment(p1x, p1y, p2x, p2y, q2x, q2y)) add(q2x, q2y);
    if (onSegment(q1x, q1y, q2x, q2y, p1x, p1y)) add(p1x, p1y);
    if (onSegment(q1x, q1y, q2x, q2y, p2x, p2y)) add(p2x, p2y);
    shared = pts.length;
    if (shared === 0) return 'none';
    return shared === 1 ? 'touching' : 'overlap';
  }
  if (o1 * o2 < 0 && o3 * o4 < 0) return 'crossing';
  if (
    (o1 === 0 && onSegment(p1x, p1y, p2x, p2y, q1x, q1y)) ||
    (o2 === 0 && onSegment(p1x, p1y, p2x, p2y, q2x, q2y)) ||
    (o3 === 0 && onSegment(q1x, q1y, q2x, q2y, p1x, p1y)) ||
    (o4 === 0 && onSegment(q1x, q1y, q2x, q2y, p2x, p2y))
  ) {
    return 'touching';
  }
  return 'none';
}
