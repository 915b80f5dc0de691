// The road segments of the loaded networks: each pair of directed edges between two nodes is one
// segment (its id the lower edge number), with what the graph keeps of its way. A segment runs
// from junction to junction (chains of shape nodes are one edge): its geometry is the polyline,
// and it is listed when any of its points lies in the box. A box query scans
// the network's edges, about a millisecond per 100,000.

import type { NetworkRegistry } from '../roads/registry';
import { FLAG_BRIDGE, FLAG_FERRY, FLAG_TOLL, FLAG_TUNNEL, ROAD_CLASSES } from '../roads/profiles';
import { DEFAULT_SEGMENT_LIMIT, type SegmentsRequest } from './schemas';

const tenth = (x: number) => Math.round(x * 10) / 10;

export function mapSegments(registry: NetworkRegistry, req: SegmentsRequest) {
  const nets = registry.list();
  const networks = nets.map((n) => ({ name: n.name, bbox: n.bbox, segments: n.graph.data.head.length }));
  const box = req?.bbox;
  if (!box) return { status: 'Ok', networks, segments: [] };
  const limit = req?.limit ?? DEFAULT_SEGMENT_LIMIT;
  const segments = [];
  let truncated = false;
  const inside = (lat: number, lon: number) => lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon;
  for (const net of nets) {
    const { graph } = net;
    const d = graph.data;
    for (let e = 0; e < d.head.length && !truncated; e++) {
      const twin = graph.twin[e];
      if (twin >= 0 && twin < e) continue;
      const points = Array.from({ length: graph.pointCount(e) }, (_, i) => [graph.pointLon(e, i), graph.pointLat(e, i)]);
      if (!points.some(([lon, lat]) => inside(lat, lon))) continue;
      if (segments.length === limit) {
        truncated = true;
        break;
      }
      const flag = (bit: number) => (d.flags[e] & bit) !== 0;
      segments.push({
        id: `${net.name}:${e}`,
        name: graph.edgeName(e),
        road_class: ROAD_CLASSES[d.roadClass[e]],
        oneway: twin < 0,
        ...(d.maxspeed[e] > 0 ? { maxspeed: d.maxspeed[e] } : {}),
        toll: flag(FLAG_TOLL),
        ferry: flag(FLAG_FERRY),
        tunnel: flag(FLAG_TUNNEL),
        bridge: flag(FLAG_BRIDGE),
        length: tenth(d.length[e]),
        geometry: {
          type: 'LineString' as const,
          coordinates: points,
        },
      });
    }
  }
  return { status: 'Ok', networks, segments, ...(truncated ? { truncated } : {}) };
}
