import { unprocessable, type ApiError } from '../../platform/errors';
import type { Network } from '../../roads/network';
import type { NetworkRegistry } from '../../roads/registry';
import type { LatLon } from '../../geo/types';
import { PointTooFarError } from '../../roads/types';

// Which loaded network serves a request, and errors that name the request's own fields.

export interface NamedPoint {
  point: LatLon;
  /** How the request names it, e.g. "waypoints[2]". */
  field: string;
}

const describe = (p: NamedPoint) => `${p.field} (${p.point.lat},${p.point.lon})`;

/** The smallest network covering every point; 422 naming the points no network covers. */
export function coveringNetwork(registry: NetworkRegistry, points: NamedPoint[]): Network {
  const net = registry.find(points.map((p) => p.point));
  if (net) return net;
  throw uncovered(registry, points);
}

export function uncovered(registry: NetworkRegistry, points: NamedPoint[]): ApiError {
  const alone = points.filter((p) => !registry.list().some((n) => n.covers(p.point)));
  if (alone.length === 0) {
    return unprocessable(`no single road network covers all of ${points.map(describe).join(', ')}`, points[0]?.field);
  }
  const shown = alone.slice(0, 10).map(describe).join(', ');
  const more = alone.length > 10 ? ` and ${alone.length - 10} more` : '';
  return unprocessable(`no road network covers ${shown}${more}`, alone[0].field);
}

/** Runs `work`; a point the engine cannot snap is reported under its request field. */
export function naming<T>(points: NamedPoint[], work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof PointTooFarError && points[error.index]) {
      const p = points[error.index];
      throw unprocessable(
        `${p.field}: (${p.point.lat},${p.point.lon}) is more than ${error.maxDistance} m from a road this vehicle may use`,
        p.field,
      );
    }
    throw error;
  }
}
