// Street-level geocoding from the loaded road networks: every named road becomes a place
// (its connected stretches of one name are one street), searched by the same text engine as
// custom places and placed in the gazetteer's nearest city; two streets sharing a node are a
// junction ("A & B"); reverse geocoding finds the nearest named road segment.

import type { Network } from '../roads';
import { CustomPlaceIndex } from './custom';
import type { DefaultIndex } from './engine';
import { haversineMeters } from './geo';
import { reverseGeocode } from './reverse';
import type { Entity, GeoPoint, PlaceItem, SearchRequest } from './types';

/** A named segment farther than this from the point is not "the street at" it. */
export const STREET_AT_METERS = 100;
/** Data source of street entities (they are not custom places and never override one). */
export const STREET_SOURCE = 'streets';
/** Text between two street names that asks for their junction. */
const JUNCTION = /\s+(?:&|and|\/|x)\s+|\s*&\s*/i;

interface Street {
  net: Network;
  /** Its number within the network: the last part of its docId. */
  k: number;
  nodes: Set<number>;
  item: PlaceItem;
}

const docIdOf = (net: Network, k: number) => `street:${net.name}:${k}`;
/** A junction names its node and both streets, so a lookup can rebuild exactly what the search answered. */
const junctionIdOf = (x: Street, y: Street, node: number) => `junction:${x.net.name}:${node}:${x.k}:${y.k}`;
const JUNCTION_ID = /^junction:(.+):(\d+):(\d+):(\d+)$/;

/** Stretches of one name this close (bounding boxes, metres) are one street: both carriageways, a gap at a square. */
const SAME_STREET_METERS = 150;
const METERS_PER_DEG = 111_195;

/** Groups of edges whose bounding boxes, grown by SAME_STREET_METERS, touch are merged. */
function mergeNearby(groups: number[][], ends: (e: number) => number[], lat: ArrayLike<number>, lon: ArrayLike<number>): number[][] {
  if (groups.length < 2) return groups;
  const boxes = groups.map((group) => {
    const b = [Infinity, Infinity, -Infinity, -Infinity];
    for (const e of group)
      for (const n of ends(e)) {
        b[0] = Math.min(b[0], lat[n]);
        b[1] = Math.min(b[1], lon[n]);
        b[2] = Math.max(b[2], lat[n]);
        b[3] = Math.max(b[3], lon[n]);
      }
    const dLat = SAME_STREET_METERS / METERS_PER_DEG;
    const dLon = dLat / Math.max(0.01, Math.cos((((b[0] + b[2]) / 2) * Math.PI) / 180));
    return [b[0] - dLat, b[1] - dLon, b[2] + dLat, b[3] + dLon];
  });
  const parent = groups.map((_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      if (a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]) parent[find(i)] = find(j);
    }
  const merged = new Map<number, number[]>();
  groups.forEach((group, i) => {
    const root = find(i);
    merged.set(root, [...(merged.get(root) ?? []), ...group]);
  });
  return [...merged.values()];
}

export class StreetIndex {
  /** The streets as a text-searchable overlay. */
  readonly overlay = new CustomPlaceIndex([], { addressIsName: false });
  private readonly streets = new Map<string, Street>();
  /** Per network: edge -> docId of its street (undefined for unnamed edges). */
  private readonly edgeStreet = new Map<Network, (string | undefined)[]>();

  constructor(
    networks: readonly Network[],
    private readonly index: DefaultIndex,
  ) {
    for (const net of networks) this.addNetwork(net);
  }

  get size(): number {
    return this.streets.size;
  }

  private addNetwork(net: Network): void {
    const g = net.graph;
    const { lat, lon, nameIdx } = g.data;
    // union-find over nodes, joining the two ends of every named segment, per name
    const parent = new Int32Array(g.nodeCount).map((_, i) => i);
    const find = (x: number): number => {
      while (parent[x] !== x) x = parent[x] = parent[parent[x]];
      return x;
    };
    const edgesByName = new Map<number, number[]>();
    for (let e = 0; e < g.edgeCount; e++) {
      if (nameIdx[e] < 0 || (g.twin[e] >= 0 && g.twin[e] < e)) continue;
      let list = edgesByName.get(nameIdx[e]);
      if (!list) edgesByName.set(nameIdx[e], (list = []));
      list.push(e);
    }
    const edgeStreet: (string | undefined)[] = new Array(g.edgeCount);
    let k = 0;
    for (const [name, edges] of edgesByName) {
      for (const e of edges) parent[find(g.tail[e])] = find(g.data.head[e]);
      const groups = new Map<number, number[]>();
      for (const e of edges) {
        const root = find(g.tail[e]);
        let list = groups.get(root);
        if (!list) groups.set(root, (list = []));
        list.push(e);
      }
      for (const group of mergeNearby([...groups.values()], (e) => [g.tail[e], g.data.head[e]], lat, lon)) {
        const docId = docIdOf(net, k);
        const nodes = new Set<number>();
        for (const e of group) {
          nodes.add(g.tail[e]).add(g.data.head[e]);
          edgeStreet[e] = docId;
          if (g.twin[e] >= 0) edgeStreet[g.twin[e]] = docId;
        }
        this.addStreet(docId, k++, net, g.data.names[name], nodes, lat, lon);
      }
      // the next name starts from single nodes again
      for (const e of edges) {
        parent[g.tail[e]] = g.tail[e];
        parent[g.data.head[e]] = g.data.head[e];
      }
    }
    this.edgeStreet.set(net, edgeStreet);
  }

  private addStreet(
    docId: string,
    k: number,
    net: Network,
    name: string,
    nodes: Set<number>,
    lat: ArrayLike<number>,
    lon: ArrayLike<number>,
  ) {
    let sumLat = 0;
    let sumLon = 0;
    for (const n of nodes) {
      sumLat += lat[n];
      sumLon += lon[n];
    }
    const mid = { lat: sumLat / nodes.size, lng: sumLon / nodes.size };
    // the street's node nearest its centre: a point on the street itself
    let best = -1;
    let bestM = Infinity;
    for (const n of nodes) {
      const m = haversineMeters(mid.lat, mid.lng, lat[n], lon[n]);
      if (m < bestM) {
        best = n;
        bestM = m;
      }
    }
    const item = this.placed({ lat: lat[best], lng: lon[best] }, name);
    this.streets.set(docId, { net, k, nodes, item });
    this.overlay.upsert({ docId, place: [item], dataSource: { source: STREET_SOURCE, status: 'enable' } });
  }

  /** A place item at `point` named `name`, in the gazetteer's nearest city. */
  private placed(point: GeoPoint, name: string): PlaceItem {
    const [near] = reverseGeocode({ at: point, limit: 1 }, this.index);
    const city = near?.entity.place[0];
    const item: PlaceItem = { geopoint: point, street: name, poi: { title: name } };
    if (city?.country) item.country = city.country;
    if (city?.state) item.state = city.state;
    if (city?.city) item.city = city.city;
    const ci = city?.country ? this.index.countryByAlpha3.get(city.country) : undefined;
    item.address = [name, city?.city, ci === undefined ? undefined : this.index.g.countries[ci].name].filter(Boolean).join(', ');
    return item;
  }

  /** Streets matching a search request (its text, country, state, city, radius), scored like custom places. */
  search(req: SearchRequest): Entity[] {
    return this.overlay.entities(req, this.index);
  }

  /** A street by its `street:` id, or a junction by the `junction:` id a search answered. */
  get(docId: string): Entity | undefined {
    const junction = JUNCTION_ID.exec(docId);
    if (junction) {
      const [, net, node, ka, kb] = junction;
      const x = this.streets.get(`street:${net}:${ka}`);
      const y = this.streets.get(`street:${net}:${kb}`);
      const n = Number(node);
      return x && y && x !== y && x.nodes.has(n) && y.nodes.has(n) ? this.junctionEntity(x, y, n, 1) : undefined;
    }
    const s = this.streets.get(docId);
    return s && { docId, place: [s.item], dataSource: { source: STREET_SOURCE, status: 'enable' }, score: 1 };
  }

  /** The two parts of a junction query ("A & B"), or undefined. */
  static junctionParts(query: string): [string, string] | undefined {
    const parts = query.split(JUNCTION).map((p) => p.trim());
    return parts.length === 2 && parts[0] && parts[1] ? [parts[0], parts[1]] : undefined;
  }

  /**
   * Junctions of streets matching `a` with streets matching `b` (best text matches first), at
   * most `limit` of those `keep` accepts (the caller's hard filters: country, area).
   */
  junctions(a: string, b: string, limit: number, at?: GeoPoint, keep: (e: Entity) => boolean = () => true): Entity[] {
    const streetsFor = (q: string) =>
      this.search({ query: q, limit: 10, at })
        .sort((x, y) => y.score - x.score)
        .slice(0, 10)
        .map((e) => ({ e, s: this.streets.get(e.docId)! }));
    const out: Entity[] = [];
    const lefts = streetsFor(a);
    const rights = streetsFor(b);
    for (const x of lefts) {
      for (const y of rights) {
        if (x.s.net !== y.s.net || x.e.docId === y.e.docId) continue;
        const node = [...x.s.nodes].find((n) => y.s.nodes.has(n));
        if (node === undefined) continue;
        const d = x.s.net.graph.data;
        // both carriageways of a street cross the other street: one junction
        if (
          out.some((j) => haversineMeters(j.place[0].geopoint.lat, j.place[0].geopoint.lng, d.lat[node], d.lon[node]) < SAME_STREET_METERS)
        )
          continue;
        const junction = this.junctionEntity(x.s, y.s, node, Math.round(((x.e.score + y.e.score) / 2) * 10000) / 10000);
        if (!keep(junction)) continue;
        out.push(junction);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  private junctionEntity(x: Street, y: Street, node: number, score: number): Entity {
    const d = x.net.graph.data;
    return {
      docId: junctionIdOf(x, y, node),
      place: [this.placed({ lat: d.lat[node], lng: d.lon[node] }, `${x.item.street} & ${y.item.street}`)],
      dataSource: { source: STREET_SOURCE, status: 'enable' },
      score,
    };
  }

  /** The nearest named road within STREET_AT_METERS of the point, with its distance. */
  streetAt(point: GeoPoint): { entity: Entity; meters: number } | undefined {
    let best: { entity: Entity; meters: number } | undefined;
    for (const [net, edgeStreet] of this.edgeStreet) {
      if (!net.covers({ lat: point.lat, lon: point.lng })) continue;
      const [ph] = net.index.nearest(point.lat, point.lng, STREET_AT_METERS, 1, (e) => edgeStreet[e] !== undefined);
      if (!ph || (best && best.meters <= ph.dist)) continue;
      const s = this.streets.get(edgeStreet[ph.edge]!)!;
      const entity: Entity = {
        docId: edgeStreet[ph.edge]!,
        place: [{ ...s.item, geopoint: { lat: ph.lat, lng: ph.lon } }],
        dataSource: { source: STREET_SOURCE, status: 'enable' },
        score: 1,
      };
      best = { entity, meters: ph.dist };
    }
    return best;
  }
}
