import type { NetworkRegistry } from '../../roads/registry';
import { simplifyLine, simplifyRing } from '../simplify';
import type { LatLon } from '../../geo/types';
import { travelOptions, type TravelParams } from '../params';
import { coveringNetwork, naming } from './coverage';

// GET /isochrone/json: up to four reachable areas around one start, each a GeoJSON feature
// (Polygon, or its outline as a LineString), largest first as map clients draw them.

export interface IsochroneParams extends TravelParams {
  coordinates: LatLon;
  contours_minutes?: number[];
  contours_meters?: number[];
  /** Hex colours without or with "#", one per contour. */
  contours_colors?: string[];
  denoise?: number;
  /** Douglas-Peucker tolerance in metres. */
  generalize?: number;
  polygons?: boolean;
}

/** Colours of contours 1..4 when the request names none. */
export const DEFAULT_CONTOUR_COLORS = ['#3cb44b', '#ffe119', '#f58231', '#e6194b'];
const OPACITY = 0.33;

const hex = (c: string) => (c.startsWith('#') ? c : `#${c}`).toLowerCase();

/** GeoJSON rings are [lon, lat]; the simplifier works on [lat, lon]. */
function generalized(ring: number[][], toleranceM: number, closed: boolean): number[][] {
  const latLon = ring.map((c) => [c[1], c[0]] as [number, number]);
  const out = closed ? simplifyRing(latLon, toleranceM) : simplifyLine(latLon, toleranceM);
  return out.map((c) => [c[1], c[0]]);
}

export function isochrones(registry: NetworkRegistry, p: IsochroneParams) {
  const field = { point: p.coordinates, field: 'coordinates' };
  const net = coveringNetwork(registry, [field]);
  const byTime = p.contours_minutes !== undefined;
  const contours = (byTime ? p.contours_minutes : p.contours_meters) ?? [];
  const options = travelOptions(p);
  const features = naming([field], () =>
    contours.map((contour, k) => {
      const result = net.isochrone(p.coordinates, {
        ...options,
        ...(byTime ? { minutes: contour } : { meters: contour }),
        denoise: p.denoise ?? 1,
      });
      const tolerance = p.generalize ?? 0;
      const rings = result.polygon.coordinates.map((ring) => generalized(ring, tolerance, true));
      const color = hex(p.contours_colors?.[k] ?? DEFAULT_CONTOUR_COLORS[k]);
      return {
        type: 'Feature' as const,
        geometry: p.polygons ? { type: 'Polygon' as const, coordinates: rings } : { type: 'LineString' as const, coordinates: rings[0] },
        properties: {
          contour,
          metric: byTime ? ('time' as const) : ('distance' as const),
          color,
          fill: color,
          fillColor: color,
          fillOpacity: OPACITY,
          opacity: OPACITY,
        },
      };
    }),
  );
  features.sort((a, b) => b.properties.contour - a.properties.contour);
  return { status: 'Ok', type: 'FeatureCollection', features };
}
