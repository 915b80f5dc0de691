import { segmentOf } from '../shape';
import { greatCircleMeters, initialBearing } from '../../geo/sphere';
import type { SnappedPoint } from '../types';
import type { MatchContext, Step } from './context';
import type { MatchedPath } from './geometry';

/**
 * Per step, the coordinate index where the next HMM segment starts: the exclusive bound of the
 * bearing look-ahead, so a bearing never points across a break.
 */
function segmentEnds(steps: Step[], path: MatchedPath): Int32Array {
  const ends = new Int32Array(steps.length);
  let bound = path.coords.length;
  for (let k = steps.length - 1; k >= 0; k--) {
    ends[k] = bound;
    if (steps[k].restart) bound = path.coordIdx[k];
  }
  return ends;
}

/**
 * The snapped points with their direction of travel: towards the next path vertex more than a
 * metre away within the same HMM segment, else from the previous one; on a path too short for
 * either, along the matched edge in the direction it was driven (or may be driven).
 */
export function snappedPoints(ctx: MatchContext, steps: Step[], chosen: Int32Array, path: MatchedPath): SnappedPoint[] {
  const g = ctx.net.graph;
  const { coords, coordIdx, forward } = path;
  const ends = segmentEnds(steps, path);
  return steps.map((st, k) => {
    const c = st.cands[chosen[k]];
    let b = -1;
    const ci = coordIdx[k];
    for (let j = ci + 1; j < ends[k]; j++) {
      if (greatCircleMeters(coords[ci][0], coords[ci][1], coords[j][0], coords[j][1]) > 1) {
        b = initialBearing({ lat: coords[ci][0], lon: coords[ci][1] }, { lat: coords[j][0], lon: coords[j][1] });
        break;
      }
    }
    const segStart = k > 0 && !st.restart ? 0 : ci;
    for (let j = ci - 1; b < 0 && j >= segStart; j--) {
      if (greatCircleMeters(coords[ci][0], coords[ci][1], coords[j][0], coords[j][1]) > 1)
        b = initialBearing({ lat: coords[j][0], lon: coords[j][1] }, { lat: coords[ci][0], lon: coords[ci][1] });
    }
    if (b < 0) {
      let dir = forward[k];
      if (!dir) dir = ctx.cost[c.edge] < Infinity ? 1 : -1;
      const [aLat, aLon, bLat, bLon] = segmentOf(g, c.edge, c.seg);
      b = initialBearing({ lat: aLat, lon: aLon }, { lat: bLat, lon: bLon });
      if (dir < 0) b = (b + 180) % 360;
    }
    return {
      location: { lat: c.lat, lon: c.lon },
      bearing: Math.round(b) % 360,
      distance: Math.round(c.dist),
      name: g.edgeName(c.edge),
      originalIndex: st.index,
    };
  });
}
