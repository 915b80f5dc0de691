/**
 * Exact 2-D orientation predicate (the sign of a 2x2 determinant), used by self-intersection,
 * point-in-polygon and boundary tests, on robust-predicates' orient2d (Shewchuk's adaptive
 * floating-point filter over exact expansion arithmetic).
 *
 * That arithmetic is exact only while no product underflows or overflows. Every input is a
 * multiple of its own ulp, so when each nonzero input lies in [2^-485, 2^500] every difference,
 * product and partial product of the expansions is a multiple of 2^-1074 below the overflow
 * limit, hence exactly representable (subnormals included). Inputs outside that band are first
 * scaled by a power of two, which is exact and multiplies the determinant by a positive power
 * of two, so its sign is kept. The result is exact for finite inputs whose nonzero magnitudes
 * span less than 2^980 (any geographic coordinates do, down to 1e-140 degrees).
 */
import { orient2d as orient2dRobust } from 'robust-predicates';

const MIN_SAFE = 2 ** -485;
const MAX_SAFE = 2 ** 500;
/** Where scaling puts the largest input's binary exponent (a margin below MAX_SAFE). */
const SCALED_EXPONENT = 498;

const inBand = (x: number) => x === 0 || (Math.abs(x) >= MIN_SAFE && Math.abs(x) <= MAX_SAFE);

/** x * 2^k, exactly, also when 2^k itself is not a finite double (|k| > 1023). */
function timesPowerOfTwo(x: number, k: number): number {
  const half = Math.trunc(k / 2);
  return x * 2 ** half * 2 ** (k - half);
}

/** robust-predicates' orient2d on inputs scaled into the band where it is exact. */
function orient2dScaled(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const big = Math.max(Math.abs(ax), Math.abs(ay), Math.abs(bx), Math.abs(by), Math.abs(cx), Math.abs(cy));
  if (big === 0 || !Number.isFinite(big)) return 0;
  const k = SCALED_EXPONENT - Math.floor(Math.log2(big));
  const s = (x: number) => timesPowerOfTwo(x, k);
  return orient2dRobust(s(ax), s(ay), s(bx), s(by), s(cx), s(cy));
}

/**
 * Orientation of c relative to the directed line a -> b: 1 when c is to the left
 * (a, b, c counter-clockwise), -1 to the right, 0 when the three points are exactly collinear.
 */
export function orient2d(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const d =
    inBand(ax) && inBand(ay) && inBand(bx) && inBand(by) && inBand(cx) && inBand(cy)
      ? orient2dRobust(ax, ay, bx, by, cx, cy)
      : orient2dScaled(ax, ay, bx, by, cx, cy);
  // robust-predicates measures with the y axis pointing down: its sign is the opposite
  return d < 0 ? 1 : d > 0 ? -1 : 0;
}

/**
 * The same exact sign as orient2d, for callers that run their own inlined floating-point
 * filter and only need the exact answer when it cannot decide.
 */
export const orient2dExact = orient2d;

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
