// POST /route_report: what a route drives on. Road class, tolls, tunnels, bridges, ferries and
// tagged speed limits come from the edges under the line (line.ts); the country from Natural
// Earth's shapes (countries.ts), the state from the gazetteer place nearest each segment, an
// approximation near borders (docs/api/route-report.md#countries-and-states).

import { greatCircleMeters } from '../geo/sphere';
import { reverseGeocode, type DefaultIndex } from '../geocoding';
import { ROAD_CLASSES, FLAG_BRIDGE, FLAG_FERRY, FLAG_TOLL, FLAG_TUNNEL } from '../roads/profiles';
import type { NetworkRegistry } from '../roads/registry';
import { encodePolyline } from '../roads/polyline';
import { countryAt } from './countries';
import { reportLine } from './line';
import { runsOf, totals } from './runs';
import type { RouteReportRequest } from './schemas';

const tenth = (x: number) => Math.round(x * 10) / 10;

function places(index: DefaultIndex, coords: Array<[number, number]>) {
  return coords.slice(1).map((to, i) => {
    const from = coords[i];
    const [near] = reverseGeocode({ at: { lat: (from[0] + to[0]) / 2, lng: (from[1] + to[1]) / 2 }, limit: 1 }, index);
    const p = near?.entity.place[0];
    const ci = p?.country ? index.countryByAlpha3.get(p.country) : undefined;
    const shape = countryAt((from[0] + to[0]) / 2, (from[1] + to[1]) / 2);
    return { country: shape ?? (ci === undefined ? undefined : index.g.countries[ci].name), state: p?.state || undefined };
  });
}

export function routeReport(registry: NetworkRegistry, index: DefaultIndex, r: RouteReportRequest) {
  const { net, coords, edges, duration } = reportLine(registry, r);
  const d = net.graph.data;
  const metres = coords.slice(1).map((to, i) => greatCircleMeters(coords[i][0], coords[i][1], to[0], to[1]));
  const flag = (bit: number) => edges.map((e) => e >= 0 && (d.flags[e] & bit) !== 0);
  const toll = flag(FLAG_TOLL);
  const speed = r.mode === 'truck' ? d.speedTruck : d.speedCar;
  const driven = duration ?? metres.reduce((s, m, i) => s + (edges[i] >= 0 && speed[edges[i]] > 0 ? m / (speed[edges[i]] / 3.6) : 0), 0);
  const roadClass = runsOf(
    edges.map((e) => (e >= 0 ? ROAD_CLASSES[d.roadClass[e]] : undefined)),
    metres,
  );
  const maxSpeed = runsOf(
    edges.map((e) => (e >= 0 && d.maxspeed[e] > 0 ? d.maxspeed[e] : undefined)),
    metres,
  );
  const where = places(index, coords);
  const country = runsOf(
    where.map((w) => w.country),
    metres,
  );
  const state = runsOf(
    where.map((w) => w.state),
    metres,
  );
  const tollMetres = metres.reduce((s, m, i) => s + (toll[i] ? m : 0), 0);
  return {
    status: 'Ok',
    geometry: [encodePolyline(coords, r.original_shape_type === 'polyline6' ? 6 : 5)],
    mileage: [{ segment: { country, state }, summary: { country: totals(country), state: totals(state) } }],
    road_summary: [
      {
        segment: { max_speed: maxSpeed, road_class: roadClass },
        summary: {
          distance: tenth(metres.reduce((s, m) => s + m, 0)),
          duration: tenth(driven),
          has_bridge: flag(FLAG_BRIDGE).some(Boolean),
          has_toll: tollMetres > 0,
          has_tunnel: flag(FLAG_TUNNEL).some(Boolean),
          has_ferry: flag(FLAG_FERRY).some(Boolean),
          ...(tollMetres > 0 ? { toll_distance: tenth(tollMetres) } : {}),
          road_class: totals(roadClass),
        },
      },
    ],
  };
}
