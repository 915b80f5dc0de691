/**
 * A seeded synthetic road network of about N OSM nodes, fed through the OSM assembler so it meets
 * exactly the import path of a real extract: square grid cities (residential blocks, every 5th
 * street secondary, every 10th primary, some one-way blocks, a few no-left-turn restrictions)
 * on a coarse grid, each joined to its east and north neighbours by a trunk road. Each block side
 * carries shape nodes, as real streets do, so degree-2 chains are as common as in OSM data.
 */
import type { GraphData } from './graph';
import type { ImportOptions } from './import-report';
import { OsmAssembler } from './osm-assemble';
import type { OsmTags } from './access';

export interface SynthOptions extends ImportOptions {
  nodes: number;
  seed?: number;
}

/** Small fast PRNG (mulberry32): the same seed gives the same network. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SHAPE = 3; // shape nodes per block side
const PER_X = 1 + 2 * SHAPE; // node ids owned by one intersection (itself, its east and north sides)
const CITY_SIDE = 70; // intersections per city side: ~34k OSM nodes a city
const STEP = 0.0012; // degrees between intersections (~100-130 m)
const CITY_GAP = 0.25; // degrees between city origins

function streetTags(line: number, r: () => number): OsmTags {
  if (line % 10 === 0) return { highway: 'primary', maxspeed: '70' };
  if (line % 5 === 0) return { highway: 'secondary', maxspeed: '50' };
  return r() < 0.15 ? { highway: 'residential', oneway: 'yes' } : { highway: 'residential' };
}

/** Generate the network and assemble it into graph data. */
export function synthNetwork(opts: SynthOptions): GraphData {
  const r = rng(opts.seed ?? 1);
  const perCity = CITY_SIDE * CITY_SIDE * PER_X;
  const cities = Math.max(1, Math.round(opts.nodes / perCity));
  const cols = Math.ceil(Math.sqrt(cities));
  const lat: number[] = [];
  const lon: number[] = [];
  const put = (la: number, lo: number) => (lat.push(la + (r() - 0.5) * STEP * 0.1), lon.push(lo + (r() - 0.5) * STEP * 0.1), lat.length);
  const asm = new OsmAssembler();
  let wayId = 1;
  let relId = 1;
  const xId = (c: number, i: number, j: number) => c * perCity + (i * CITY_SIDE + j) * PER_X + 1;
  for (let c = 0; c < cities; c++) {
    const la0 = 45 + Math.floor(c / cols) * CITY_GAP;
    const lo0 = 10 + (c % cols) * CITY_GAP;
    for (let i = 0; i < CITY_SIDE; i++)
      for (let j = 0; j < CITY_SIDE; j++) for (let k = 0; k < PER_X; k++) put(la0 + i * STEP, lo0 + j * STEP);
    for (let i = 0; i < CITY_SIDE; i++)
      for (let j = 0; j < CITY_SIDE; j++) {
        const x = xId(c, i, j);
        for (let k = 1; k <= SHAPE; k++) {
          const f = k / (SHAPE + 1);
          lon[x - 1 + k] += f * STEP;
          lat[x - 1 + SHAPE + k] += f * STEP;
        }
        const east = [x, x + 1, x + 2, x + 3, xId(c, i, j + 1)].slice(0, j + 1 < CITY_SIDE ? 5 : 0);
        const north = [x, x + 4, x + 5, x + 6, xId(c, i + 1, j)].slice(0, i + 1 < CITY_SIDE ? 5 : 0);
        const ew = wayId++;
        const nw = wayId++;
        if (east.length) asm.way(ew, east, streetTags(i, r));
        if (north.length) asm.way(nw, north, streetTags(j, r));
        // two way ids per intersection, so ew - 2 is the block arriving from the west; a left turn from it arriving from the west onto this northbound block
        if (j > 0 && north.length && r() < 0.02) {
          const members = [
            { type: 'way' as const, ref: ew - 2, role: 'from' },
            { type: 'node' as const, ref: x, role: 'via' },
            { type: 'way' as const, ref: nw, role: 'to' },
          ];
          asm.relation(relId++, { type: 'restriction', restriction: 'no_left_turn' }, () => members);
        }
      }
  }
  const mid = Math.floor(CITY_SIDE / 2);
  const trunk = (a: number, b: number) => {
    const refs = [a];
    const n = Math.round(CITY_GAP / 0.004);
    for (let k = 1; k < n; k++) {
      const f = k / n;
      refs.push(put(lat[a - 1] * (1 - f) + lat[b - 1] * f, lon[a - 1] * (1 - f) + lon[b - 1] * f));
    }
    refs.push(b);
    asm.way(wayId++, refs, { highway: 'trunk', maxspeed: '90' });
  };
  for (let c = 0; c < cities; c++) {
    if (c % cols < cols - 1 && c + 1 < cities) trunk(xId(c, mid, CITY_SIDE - 1), xId(c + 1, mid, 0));
    if (c + cols < cities) trunk(xId(c, CITY_SIDE - 1, mid), xId(c + cols, 0, mid));
  }
  const noTags = () => ({});
  for (let id = 1; id <= lat.length; id++) if (asm.wants(id)) asm.node(id, lat[id - 1], lon[id - 1], noTags);
  return asm.finish({ source: 'synth', name: 'synth', ...opts });
}
