/**
 * Every turn restriction the import resolves from a real extract (north of Bayreuth, © OpenStreetMap
 * contributors, ODbL) is obeyed by routes through the public API: starting on the from edge
 * (driving towards the via), a `no_*` path is never driven to its end, and an `only_*` path is
 * never left for another edge at any of its nodes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Network, NoRouteError, graphFromOsmPbf, type Profile } from '../../../shared/roads/index';
import { RESTRICT_CAR, RESTRICT_ONLY } from '../../../shared/roads/profiles';

const FILE = join(import.meta.dirname, '../../fixtures/osm/north-bayreuth.osm.pbf');
const data = graphFromOsmPbf(new Uint8Array(readFileSync(FILE)), { name: 'north-bayreuth' });
const net = new Network(data);
const { lat, lon, head, firstOut, restrictions: rs } = data;
const tail = net.graph.tail;

function bearing(e: number): number {
  const [a, b] = [tail[e], head[e]];
  const y = Math.sin(((lon[b] - lon[a]) * Math.PI) / 180) * Math.cos((lat[b] * Math.PI) / 180);
  const x =
    Math.cos((lat[a] * Math.PI) / 180) * Math.sin((lat[b] * Math.PI) / 180) -
    Math.sin((lat[a] * Math.PI) / 180) * Math.cos((lat[b] * Math.PI) / 180) * Math.cos(((lon[b] - lon[a]) * Math.PI) / 180);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

const nodeKey = (la: number, lo: number) => `${Math.round(la * 1e6)},${Math.round(lo * 1e6)}`;
const nodeByKey = new Map<string, number>();
for (let i = 0; i < lat.length; i++) nodeByKey.set(nodeKey(lat[i], lon[i]), i);

/**
 * Graph nodes driven from the middle of edge `from` (heading to its head) to node `to`, with
 * the from edge's tail first: the sequence a restriction's node path is matched against.
 */
function driven(from: number, to: number, profile: Profile): number[] | null {
  const a = tail[from];
  const b = head[from];
  const start = { lat: (lat[a] + lat[b]) / 2, lon: (lon[a] + lon[b]) / 2 };
  try {
    const r = net.route([start, { lat: lat[to], lon: lon[to] }], {
      profile,
      precision: 6,
      bearings: [{ bearing: bearing(from), range: 20 }, undefined],
      method: 'dijkstra',
    });
    const out = [a];
    for (const [la, lo] of r.coordinates) {
      const n = nodeByKey.get(nodeKey(la, lo));
      if (n !== undefined && out[out.length - 1] !== n) out.push(n);
    }
    return out;
  } catch (e) {
    if (e instanceof NoRouteError) return null;
    throw e;
  }
}

const contains = (seq: number[], part: number[]) => seq.some((_, i) => part.every((p, j) => seq[i + j] === p));

interface Restriction {
  index: number;
  edges: number[];
  only: boolean;
  profile: Profile;
}

const all: Restriction[] = [];
for (let r = 0; r + 1 < rs.start.length; r++) {
  if (rs.conditions[r] !== undefined) continue;
  all.push({
    index: r,
    edges: Array.from(rs.edges.subarray(rs.start[r], rs.start[r + 1])),
    only: (rs.kind[r] & RESTRICT_ONLY) !== 0,
    profile: rs.kind[r] & RESTRICT_CAR ? 'car' : 'truck',
  });
}

describe('turn restrictions of north Bayreuth', () => {
  it('resolves most of the extract’s restriction relations', () => {
    expect(all.length).toBeGreaterThanOrEqual(35);
    expect(all.some((r) => r.only)).toBe(true);
    expect(all.some((r) => !r.only)).toBe(true);
  });

  it.each(all.filter((r) => !r.only))('no_* restriction $index is never driven', (r) => {
    const nodes = [tail[r.edges[0]], ...r.edges.map((e) => head[e])];
    const route = driven(r.edges[0], nodes[nodes.length - 1], r.profile);
    if (route) expect(contains(route, nodes), `route ${route.join(',')}`).toBe(false);
  });

  it.each(all.filter((r) => r.only))('only_* restriction $index is not left', (r) => {
    const nodes = [tail[r.edges[0]], ...r.edges.map((e) => head[e])];
    let checked = 0;
    for (let i = 1; i < r.edges.length; i++) {
      const at = head[r.edges[i - 1]];
      for (let f = firstOut[at]; f < firstOut[at + 1]; f++) {
        if (f === r.edges[i] || !net.graph.edgeAllowed(f, r.profile)) continue;
        const leave = [...nodes.slice(0, i + 1), head[f]];
        const route = driven(r.edges[0], head[f], r.profile);
        if (route) expect(contains(route, leave), `route ${route.join(',')} leaves at ${at}`).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
