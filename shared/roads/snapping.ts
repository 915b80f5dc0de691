/** Snapping refinements on top of the nearest usable segment: curb approaches and bearings. */
import { initialBearing } from '../geo/sphere';
import type { LatLon } from '../geo/types';
import type { RoadGraph } from './graph';
import type { Phantom, SegmentIndex } from './spatial';
import { PointTooFarError } from './types';

/**
 * A curb approach: the point lies on the right of the one direction it may be driven past
 * (right-hand traffic). Unrestricted when the point is on the road's line, or the road may not
 * be driven that way (a one-way road with the point on its left).
 */
export function curbApproach(g: RoadGraph, cost: Float64Array, ph: Phantom, p: LatLon, curb: boolean): Phantom {
  if (!curb) return ph;
  const { lat, lon } = g.data;
  const scale = Math.cos((ph.lat * Math.PI) / 180);
  const dx = (lon[ph.v] - lon[ph.u]) * scale;
  const dy = lat[ph.v] - lat[ph.u];
  const cross = dx * (p.lat - lat[ph.u]) - dy * (p.lon - lon[ph.u]) * scale;
  if (cross === 0) return ph;
  const side = cross < 0 ? 1 : -1;
  const usable = side === 1 ? cost[ph.edge] < Infinity : ph.twin >= 0 && cost[ph.twin] < Infinity;
  return usable ? { ...ph, side } : ph;
}

/** Snap to the nearest road whose direction (either way it may be driven) is within the range of a bearing. */
export function snapHeading(
  g: RoadGraph,
  index: SegmentIndex,
  cost: Float64Array,
  p: LatLon,
  max: number,
  i: number,
  want: { bearing: number; range: number },
): Phantom {
  const { lat, lon } = g.data;
  const within = (e: number) => {
    if (cost[e] === Infinity) return false;
    const b = initialBearing({ lat: lat[g.tail[e]], lon: lon[g.tail[e]] }, { lat: lat[g.data.head[e]], lon: lon[g.data.head[e]] });
    const diff = Math.abs(((b - want.bearing + 540) % 360) - 180);
    return diff <= want.range;
  };
  const [ph] = index.nearest(p.lat, p.lon, max, 1, (e) => within(e) || (g.twin[e] >= 0 && within(g.twin[e])));
  if (!ph) throw new PointTooFarError(i, p, Infinity, max);
  return ph;
}
