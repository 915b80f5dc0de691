/**
 * A seeded synthetic road network of about N OSM nodes, fed through the OSM assembler so it meets
 * exactly the import path of a real extract. It is shaped after real networks rather than equal
 * grids, because the hierarchy's cost and the degree-2 compression's effect both depend on that:
 * - towns of very unequal sizes (most small, a few cities), each a jittered brick lattice of
 *   junctions (streets run through west-east; a north-south link at every other junction, so
 *   junctions are mostly T-shaped) whose streets are a random spanning tree (so every junction is
 *   reachable) plus a share of the other lattice links (loops), and cul-de-sacs branching off
 *   streets. Calibrated on the compressed graph against real extracts (Gothenburg, north Bayreuth,
 *   Andorra; tests/unit/roads/synth.test.ts): junctions of degree 1 / 2 / 3 / 4 about 25 / 15 /
 *   52 / 6 % of graph nodes there, 26 / 15 / 52 / 6 % here. The plain lattice used before had 38 %
 *   crossings and cost the hierarchy 13x Gothenburg's CPU per node at the same size (now 2-3x);
 * - a hierarchy of road classes: primary, secondary and tertiary lines through each town (always
 *   kept), residential streets, dead-end service spurs; one-way streets only on loop links, so
 *   the network stays strongly connected; a few no-left-turn restrictions;
 * - several shape nodes per way between junctions (curved streets, one node every 20-45 m), so
 *   most nodes have degree 2, as in OSM data;
 * - towns joined to their neighbours by long winding rural roads (trunk on every third row and
 *   column of the town layout, else secondary or tertiary).
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

const STEP = 0.0011; // degrees between lattice junctions (~90-120 m)
const M_PER_DEG = 111_195;
const MIN_SIDE = 6;
const MAX_SIDE = 90; // a city of about 45k OSM nodes
/** OSM nodes per lattice junction, rural roads included, measured on the output: sizes the town list. */
const NODES_PER_JUNCTION = 7.7;
const TOWN_GAP = 0.04; // degrees of countryside between neighbouring towns' edges
const LOOP_SHARE = 0.6; // lattice links beyond the spanning tree that are streets
const SPUR_SHARE = 0.05; // junctions with a dead-end spur
/** Ways with a cul-de-sac branching off between their junctions (a T-junction on a curve). */
const MID_SPUR_SHARE = 0.3;
/** Every how many lattice lines a tertiary road (x2 secondary, x4 primary). */
const CLASS_LINE_EVERY = 8;
const ONEWAY_SHARE = 0.2; // loop links that are one-way
const RESTRICTION_SHARE = 0.02;

interface Town {
  side: number;
  lat0: number;
  lon0: number;
  /** OSM id of junction (i, j): first + i * side + j. */
  first: number;
}

/** Generate the network and assemble it into graph data. */
export function synthNetwork(opts: SynthOptions): GraphData {
  const r = rng(opts.seed ?? 1);
  const lat: number[] = [];
  const lon: number[] = [];
  const put = (la: number, lo: number) => (lat.push(la), lon.push(lo), lat.length);
  const asm = new OsmAssembler();
  let wayId = 1;
  let relId = 1;

  /** A way from node a to node b through curved shape nodes; returns its id. */
  const road = (a: number, b: number, tags: OsmTags, spacingM: number, bend: number, spur = false): number => {
    const la = lat[a - 1];
    const lo = lon[a - 1];
    const dLat = lat[b - 1] - la;
    const dLon = lon[b - 1] - lo;
    const metres = Math.hypot(dLat, dLon * 0.7) * M_PER_DEG;
    const n = Math.max(1, Math.round(metres / (spacingM * (0.6 + 0.8 * r()))));
    const amp = (r() - 0.5) * 2 * bend;
    const wiggle = r() * Math.PI * 2;
    const refs = [a];
    for (let k = 1; k < n; k++) {
      const f = k / n;
      // sideways offset: one bow over the whole way plus a smaller wobble
      const off = amp * Math.sin(Math.PI * f) + amp * 0.3 * Math.sin(wiggle + 3 * Math.PI * f);
      refs.push(put(la + dLat * f - dLon * off, lo + dLon * f + dLat * off));
    }
    refs.push(b);
    const id = wayId++;
    asm.way(id, refs, tags);
    if (!spur && refs.length > 2 && r() < MID_SPUR_SHARE) {
      const x = refs[1 + Math.floor(r() * (refs.length - 2))];
      const ang = r() * Math.PI * 2;
      const len = (0.4 + 0.5 * r()) * STEP;
      const end = put(lat[x - 1] + Math.sin(ang) * len, lon[x - 1] + Math.cos(ang) * len * 1.4);
      road(x, end, { highway: r() < 0.5 ? 'service' : 'residential' }, 20, 0.2, true);
    }
    return id;
  };

  // the towns' sizes until the estimated node count is reached (most towns small, a few cities)
  const sides: number[] = [];
  let estimate = 0;
  while (estimate < opts.nodes * 0.88 || sides.length === 0) {
    const u = r();
    let side = Math.round(MIN_SIDE + (MAX_SIDE - MIN_SIDE) * u * u * u);
    const left = (opts.nodes * 0.88 - estimate) / NODES_PER_JUNCTION;
    if (side * side > left && sides.length > 0) side = Math.max(MIN_SIDE, Math.round(Math.sqrt(left)));
    sides.push(side);
    estimate += side * side * NODES_PER_JUNCTION;
  }
  const cols = Math.ceil(Math.sqrt(sides.length));
  const cell = MAX_SIDE * STEP + TOWN_GAP;
  const towns: Town[] = sides.map((side, t) => {
    const slack = cell - side * STEP - TOWN_GAP;
    const lat0 = 45 + Math.floor(t / cols) * cell + r() * slack;
    const lon0 = 10 + (t % cols) * cell * 1.4 + r() * slack * 1.4;
    const first = lat.length + 1;
    for (let i = 0; i < side; i++)
      for (let j = 0; j < side; j++) put(lat0 + (i + (r() - 0.5) * 0.6) * STEP, lon0 + (j + (r() - 0.5) * 0.6) * STEP * 1.4);
    return { side, lat0, lon0, first };
  });

  for (const town of towns) buildTown(town);

  /** Streets of one town: spanning tree + loops over the lattice, class lines, spurs, restrictions. */
  function buildTown({ side, first }: Town): void {
    const id = (i: number, j: number) => first + i * side + j;
    // lattice links (east: 0, north: 1) in random order, Kruskal over a union-find for the tree
    // a line's class: every 12th primary, every 6th secondary, every 3rd tertiary (offset per town)
    const shift = Math.floor(r() * 3);
    const lineClass = (line: number) => {
      const l = line + shift;
      const c = CLASS_LINE_EVERY;
      return l % (4 * c) === 0 ? 'primary' : l % (2 * c) === 0 ? 'secondary' : l % c === 0 ? 'tertiary' : 'residential';
    };
    const links: number[] = [];
    for (let i = 0; i < side; i++)
      for (let j = 0; j < side; j++) {
        if (j + 1 < side) links.push((i * side + j) * 2);
        if (i + 1 < side && ((i + j) % 2 === 0 || lineClass(j) !== 'residential')) links.push((i * side + j) * 2 + 1);
      }
    for (let k = links.length - 1; k > 0; k--) {
      const m = Math.floor(r() * (k + 1));
      [links[k], links[m]] = [links[m], links[k]];
    }
    const parent = new Int32Array(side * side).map((_, k) => k);
    const findRoot = (x: number): number => {
      while (parent[x] !== x) x = parent[x] = parent[parent[x]];
      return x;
    };
    const arriving: number[][] = Array.from({ length: side * side }, () => []);
    const leaving: number[][] = Array.from({ length: side * side }, () => []);
    for (const link of links) {
      const k = link >> 1;
      const north = (link & 1) === 1;
      const i = Math.floor(k / side);
      const j = k % side;
      const k2 = north ? k + side : k + 1;
      const cls = lineClass(north ? j : i);
      const ra = findRoot(k);
      const rb = findRoot(k2);
      const tree = ra !== rb;
      if (tree) parent[ra] = rb;
      else if (cls === 'residential' && r() >= LOOP_SHARE) continue;
      const tags: OsmTags = { highway: cls };
      if (cls === 'primary') tags.maxspeed = '50';
      if (!tree && cls === 'residential' && r() < ONEWAY_SHARE) tags.oneway = 'yes';
      const w = road(id(i, j), id(north ? i + 1 : i, north ? j : j + 1), tags, cls === 'residential' ? 25 : 35, 0.12);
      leaving[k].push(w);
      arriving[k2].push(w);
      if (tags.oneway !== 'yes') {
        leaving[k2].push(w);
        arriving[k].push(w);
      }
    }
    for (let k = 0; k < side * side; k++) {
      const x = first + k;
      if (r() < SPUR_SHARE) {
        const ang = r() * Math.PI * 2;
        const len = (0.4 + 0.5 * r()) * STEP;
        const end = put(lat[x - 1] + Math.sin(ang) * len, lon[x - 1] + Math.cos(ang) * len * 1.4);
        road(x, end, { highway: r() < 0.5 ? 'service' : 'residential' }, 20, 0.2, true);
      }
      if (arriving[k].length > 0 && leaving[k].length > 1 && r() < RESTRICTION_SHARE) {
        const from = arriving[k][Math.floor(r() * arriving[k].length)];
        const to = leaving[k].find((w) => w !== from);
        if (to === undefined) continue;
        const members = [
          { type: 'way' as const, ref: from, role: 'from' },
          { type: 'node' as const, ref: x, role: 'via' },
          { type: 'way' as const, ref: to, role: 'to' },
        ];
        asm.relation(relId++, { type: 'restriction', restriction: 'no_left_turn' }, () => members);
      }
    }
  }

  // rural roads to the east and north neighbours, between junctions on the facing edges
  const rural = (line: number): OsmTags =>
    line % 3 === 0
      ? { highway: 'trunk', maxspeed: '100' }
      : r() < 0.5
        ? { highway: 'secondary', maxspeed: '80' }
        : { highway: 'tertiary', maxspeed: '70' };
  towns.forEach((a, t) => {
    const row = Math.floor(t / cols);
    const col = t % cols;
    const east = col + 1 < cols ? towns[t + 1] : undefined;
    const north = towns[t + cols];
    const mid = (town: Town) => Math.floor(town.side / 2);
    if (east) road(a.first + mid(a) * a.side + a.side - 1, east.first + mid(east) * east.side, rural(row), 45, 0.08);
    if (north) road(a.first + (a.side - 1) * a.side + mid(a), north.first + mid(north), rural(col), 45, 0.08);
  });

  const noTags = () => ({});
  for (let id = 1; id <= lat.length; id++) if (asm.wants(id)) asm.node(id, lat[id - 1], lon[id - 1], noTags);
  // the assembler holds the positions now
  lat.length = lon.length = 0;
  return asm.finish({ source: 'synth', name: 'synth', ...opts });
}
