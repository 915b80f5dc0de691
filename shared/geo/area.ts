import { DEG, WGS84_A, WGS84_E2 } from './constants';
import type { LonLat, LonLatBox } from './types';

/*
 * Area on the WGS84 ellipsoid.
 *
 * A polygon is interpreted as GeoJSON (RFC 7946) does: its edges are straight lines in
 * longitude/latitude, the same interpretation the containment test uses. The area element of
 * the ellipsoid is dA = (a^2 / 2) dq dlambda, where q(phi) is the authalic function
 *   q(phi) = (1 - e^2) [ sin(phi) / (1 - e^2 sin^2 phi) - 1/(2e) ln((1 - e sin phi)/(1 + e sin phi)) ].
 * By Green's theorem the area of a region is (a^2 / 2) |closed integral of q(phi) dlambda|
 * along its boundary. Along each (lon/lat-straight) edge the integrand is smooth; it is
 * integrated with 5-point Gauss-Legendre on sub-intervals of at most 2 degrees of latitude,
 * which is exact to ~1e-12 relative. Edges along parallels and meridians are integrated exactly.
 * The only approximation is floating point, so the result is the exact ellipsoidal area of the
 * lon/lat polygon to ~1e-9 relative (well under 1 km2 at the 1,000,000 km2 limit). Checks: a
 * lon/lat box has the closed form (a^2/2) dlambda (q(north) - q(south)); an octant (0..90 N,
 * 0..90 E) is 1/8 of the WGS84 surface, 63,758,202.7 km2.
 *
 * Note: a polygon whose edges are great circles (geodesics) has a slightly different area; the
 * difference is the lens between each straight lon/lat edge and the great circle through its
 * end points, negligible for edges of a few km and up to a few percent for edges thousands of
 * km long at high latitude.
 */

const E = Math.sqrt(WGS84_E2);

/** Authalic function q(phi) (dimensionless), phi in radians. */
export function authalicQ(phi: number): number {
  const s = Math.sin(phi);
  const es = E * s;
  return (1 - WGS84_E2) * (s / (1 - es * es) - (1 / (2 * E)) * Math.log((1 - es) / (1 + es)));
}

const GL_X = [0, -0.5384693101056831, 0.5384693101056831, -0.906179845938664, 0.906179845938664];
const GL_W = [0.5688888888888889, 0.47862867049936647, 0.47862867049936647, 0.23692688505618908, 0.23692688505618908];

/** Integral of (q(phi) - q0) dlambda along the lon/lat-straight edge (lon1,lat1)-(lon2,lat2), degrees in, radians out. */
function edgeIntegral(lon1: number, lat1: number, lon2: number, lat2: number, q0: number): number {
  const dLam = (lon2 - lon1) * DEG;
  if (dLam === 0) return 0;
  if (lat1 === lat2) return (authalicQ(lat1 * DEG) - q0) * dLam;
  const pieces = Math.max(1, Math.ceil(Math.abs(lat2 - lat1) / 2));
  let sum = 0;
  for (let k = 0; k < pieces; k++) {
    const t0 = k / pieces;
    const t1 = (k + 1) / pieces;
    const half = (t1 - t0) / 2;
    const mid = (t0 + t1) / 2;
    for (let g = 0; g < 5; g++) {
      const t = mid + half * GL_X[g];
      const phi = (lat1 + (lat2 - lat1) * t) * DEG;
      sum += GL_W[g] * half * (authalicQ(phi) - q0);
    }
  }
  return sum * dLam;
}

/**
 * Signed area in m2 of a closed ring whose longitudes are continuous (already unwrapped across
 * the antimeridian, see prepareRing in ring.ts). Positive for counter-clockwise rings (GeoJSON right-hand rule).
 */
export function signedRingAreaM2(ring: readonly LonLat[]): number {
  if (ring.length < 4) return 0;
  const q0 = authalicQ(ring[0][1] * DEG);
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    sum += edgeIntegral(ring[i][0], ring[i][1], ring[i + 1][0], ring[i + 1][1], q0);
  }
  // Green: A = -(a^2/2) * closed integral of q dlambda for a counter-clockwise boundary.
  return -((WGS84_A * WGS84_A) / 2) * sum;
}

/** Area in km2 of a lon/lat box on the WGS84 ellipsoid (exact closed form). Handles west > east (antimeridian). */
export function boxAreaKm2(box: LonLatBox): number {
  let width = box.east - box.west;
  if (width < 0) width += 360;
  const dq = authalicQ(box.north * DEG) - authalicQ(box.south * DEG);
  return Math.abs(((WGS84_A * WGS84_A) / 2) * dq * width * DEG) / 1e6;
}
