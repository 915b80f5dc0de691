/** Snapping refinements on top of the nearest usable segment: curb approaches and bearings. */
import { initialBearing } from '../geo/sphere';
import type { LatLon } from '../geo/types';
import type { RoadGraph } from './graph';
import { segmentOf } from './shape';
import type { Phantom, SegmentIndex } from './spatial';
import { PointTooFarError } from './types';

/**
 * A curb approach: the point lies on the right of the one direction it may be driven past
 * (right-hand traffic). Unrestricted when the point is on the road's line, or the road may not
 * be driven that way (a one-way road with the point on its left).
 */
export function curbApproach(g: RoadGraph, cost: Float64Array, ph: Phantom, p: LatLon, curb: boolean): Phantom {
  if (!curb) return ph;
  // the side of the segment the point was snapped to, in the edge's direction
  const [aLat, aLon, bLat, bLon] = segmentOf(g, ph.edge, ph.seg);
  const scale = Math.cos((ph.lat * Math.PI) / 180);
  const dx = (bLon - aLon) * scale;
  const dy = bLat - aLat;
  const cross = dx * (p.lat - aLat) - dy * (p.lon - aLon) * scale;
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
  // the bearing of the segment the point would snap to, driven along e (the edge or its twin)
  const within = (e: number, seg: number) => {
    if (cost[e] === Infinity) return false;
    const [aLat, aLon, bLat, bLon] = segmentOf(g, e, seg);
    const b = initialBearing({ lat: aLat, lon: aLon }, { lat: bLat, lon: bLon });
    const diff = Math.abs(((b - want.bearing + 540) % 360) - 180);
    return diff <= want.range;
  };
  const twinSeg = (e: number, seg: number) => g.pointCount(e) - 2 - seg;
  const [ph] = index.nearest(p.lat, p.lon, max, 1, (e, seg) => within(e, seg) || (g.twin[e] >= 0 && within(g.twin[e], twinSeg(e, seg))));
  if (!ph) throw new PointTooFarError(i, p, Infinity, max);
  return ph;
}
