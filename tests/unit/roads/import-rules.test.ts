/**
 * The import of OSM road rules: barrier nodes as node flags, turn restriction relations as edge
 * paths (via a node, via ways, per mode, conditional, malformed ones skipped and counted), from
 * OSM XML and from PBF.
 */
import { describe, expect, it } from 'vitest';
import { graphFromOsmPbf, graphFromOsmXml, type GraphData, type ImportReport } from '../../../shared/roads/index';
import {
  NODE_BARRIER_CAR,
  NODE_BARRIER_TRUCK,
  NODE_UTURN,
  RESTRICT_CAR,
  RESTRICT_ONLY,
  RESTRICT_TRUCK,
} from '../../../shared/roads/profiles';
import { parseConditional, restrictionRules } from '../../../shared/roads/restriction-rules';
import { writeOsmPbf, type OsmNode, type OsmRelation, type OsmWay } from '../../fixtures/routing/pbf-writer';

/** A plus-shaped junction (node 1 in the middle, arms 2..5 north, east, south, west) plus extra XML. */
function plus(extra: string, nodeTags: Record<number, Record<string, string>> = {}): string {
  const pos: Record<number, [number, number]> = { 1: [0, 0], 2: [1, 0], 3: [0, 1], 4: [-1, 0], 5: [0, -1], 6: [2, 0], 7: [-2, 0] };
  const nodes = Object.entries(pos).map(([id, [y, x]]) => {
    const tags = Object.entries(nodeTags[Number(id)] ?? {})
      .map(([k, v]) => `<tag k="${k}" v="${v}"/>`)
      .join('');
    return `<node id="${id}" lat="${57 + y * 0.001}" lon="${12 + x * 0.002}">${tags}</node>`;
  });
  const way = (id: number, refs: number[], tags = '') =>
    `<way id="${id}">${refs.map((r) => `<nd ref="${r}"/>`).join('')}<tag k="highway" v="residential"/>${tags}</way>`;
  return `<?xml version="1.0"?><osm version="0.6">${nodes.join('')}${way(10, [1, 2, 6])}${way(11, [1, 3])}${way(12, [7, 4, 1])}${way(13, [1, 5])}${extra}</osm>`;
}

const rel = (id: number, members: Array<[string, number, string]>, tags: Record<string, string>) =>
  `<relation id="${id}">${members.map(([t, r, role]) => `<member type="${t}" ref="${r}" role="${role}"/>`).join('')}${Object.entries(tags)
    .map(([k, v]) => `<tag k="${k}" v="${v}"/>`)
    .join('')}</relation>`;

function imported(xml: string): { g: GraphData; report: ImportReport; node: (lat: number, lon: number) => number } {
  let report: ImportReport | undefined;
  // uncompressed, so that every drawn node is a graph node the assertions can name
  const g = graphFromOsmXml(xml, { compress: false, onReport: (r) => (report = r) });
  const node = (y: number, x: number) => {
    for (let i = 0; i < g.lat.length; i++)
      if (Math.abs(g.lat[i] - (57 + y * 0.001)) < 1e-9 && Math.abs(g.lon[i] - (12 + x * 0.002)) < 1e-9) return i;
    throw new Error('no such node');
  };
  return { g, report: report as ImportReport, node };
}

/** Restriction r as node paths [tail of the first edge, head of every edge]. */
function paths(g: GraphData): number[][] {
  const tail = (e: number) => {
    let u = 0;
    while (g.firstOut[u + 1] <= e) u++;
    return u;
  };
  const out: number[][] = [];
  for (let r = 0; r + 1 < g.restrictions.start.length; r++) {
    const es = Array.from(g.restrictions.edges.subarray(g.restrictions.start[r], g.restrictions.start[r + 1]));
    out.push([tail(es[0]), ...es.map((e) => g.head[e])]);
  }
  return out;
}

describe('barrier nodes', () => {
  it('flags barriers per mode and turning places, on nodes in the middle of a way', () => {
    const { g, report, node } = imported(
      plus('', { 2: { barrier: 'bollard' }, 4: { barrier: 'gate', hgv: 'no' }, 6: { highway: 'turning_circle' } }),
    );
    expect(g.nodeFlags[node(1, 0)]).toBe(NODE_BARRIER_CAR | NODE_BARRIER_TRUCK);
    expect(g.nodeFlags[node(-1, 0)]).toBe(NODE_BARRIER_TRUCK);
    expect(g.nodeFlags[node(2, 0)]).toBe(NODE_UTURN);
    expect(g.nodeFlags[node(0, 0)]).toBe(0);
    expect(report.nodeFlags).toEqual({ barrierCar: 1, barrierTruck: 2, uturn: 1 });
  });
});

describe('turn restriction relations', () => {
  const via1 = (from: number, to: number) =>
    [
      ['way', from, 'from'],
      ['node', 1, 'via'],
      ['way', to, 'to'],
    ] as Array<[string, number, string]>;

  it('resolves via a node into the from edge ending there and the to edge leaving it', () => {
    const { g, report, node } = imported(plus(rel(1, via1(12, 11), { type: 'restriction', restriction: 'no_left_turn' })));
    expect(paths(g)).toEqual([[node(-1, 0), node(0, 0), node(0, 1)]]);
    expect(g.restrictions.kind[0]).toBe(RESTRICT_CAR | RESTRICT_TRUCK);
    expect(report.restrictions).toMatchObject({ relations: 1, resolved: 1, paths: 1, skipped: {} });
  });

  it('keeps only_*, per-mode values, except and conditions apart', () => {
    const xml = plus(
      rel(1, via1(12, 10), { type: 'restriction', restriction: 'only_straight_on', except: 'hgv' }) +
        rel(2, via1(13, 12), { type: 'restriction', 'restriction:hgv': 'no_left_turn' }) +
        rel(3, via1(11, 13), { type: 'restriction', 'restriction:conditional': 'no_straight_on @ (Mo-Fr 07:00-09:00)' }) +
        rel(4, via1(10, 10), { type: 'restriction', restriction: 'no_u_turn' }),
    );
    const { g, node } = imported(xml);
    const [n, c, e, s, w] = [node(1, 0), node(0, 0), node(0, 1), node(-1, 0), node(0, -1)];
    expect(paths(g)).toEqual([
      [s, c, n],
      [w, c, s],
      [e, c, w],
      [n, c, n],
    ]);
    expect(Array.from(g.restrictions.kind)).toEqual([
      RESTRICT_ONLY | RESTRICT_CAR,
      RESTRICT_TRUCK,
      RESTRICT_CAR | RESTRICT_TRUCK,
      RESTRICT_CAR | RESTRICT_TRUCK,
    ]);
    expect(g.restrictions.conditions).toEqual({ 2: 'Mo-Fr 07:00-09:00' });
  });

  it('resolves via ways in driving order, whatever the order of the members', () => {
    // ways 12 (7-4-1) and 10 (1-2-6): from a stub at 7 across both to the north end
    const stub = `<node id="8" lat="${57 - 0.002}" lon="${12 - 0.002}"/><node id="9" lat="${57 + 0.002}" lon="${12 + 0.002}"/>`;
    const ways = `<way id="20"><nd ref="8"/><nd ref="7"/><tag k="highway" v="service"/></way><way id="21"><nd ref="6"/><nd ref="9"/><tag k="highway" v="service"/></way>`;
    const r = rel(
      5,
      [
        ['way', 20, 'from'],
        ['way', 10, 'via'],
        ['way', 12, 'via'],
        ['way', 21, 'to'],
      ],
      { type: 'restriction', restriction: 'no_straight_on' },
    );
    const { g, node } = imported(plus(stub + ways + r));
    expect(paths(g)).toEqual([[node(-2, -1), node(-2, 0), node(-1, 0), node(0, 0), node(1, 0), node(2, 0), node(2, 1)]]);
  });

  it('gives no_entry with several from ways one path each', () => {
    const r = rel(
      6,
      [
        ['way', 11, 'from'],
        ['way', 13, 'from'],
        ['node', 1, 'via'],
        ['way', 10, 'to'],
      ],
      { type: 'restriction', restriction: 'no_entry' },
    );
    const { g } = imported(plus(r));
    expect(paths(g)).toHaveLength(2);
  });

  it('skips malformed relations and counts why', () => {
    const xml = plus(
      rel(
        1,
        [
          ['way', 12, 'from'],
          ['way', 11, 'to'],
        ],
        { type: 'restriction', restriction: 'no_left_turn' },
      ) +
        rel(2, via1(12, 99), { type: 'restriction', restriction: 'no_left_turn' }) +
        rel(
          3,
          [
            ['way', 12, 'from'],
            ['node', 6, 'via'],
            ['way', 11, 'to'],
          ],
          { type: 'restriction', restriction: 'no_left_turn' },
        ) +
        rel(4, via1(12, 11), { type: 'restriction', restriction: 'no_flying' }) +
        rel(5, via1(12, 11), { type: 'restriction', 'restriction:bicycle': 'no_left_turn' }) +
        rel(
          6,
          [
            ['way', 10, 'from'],
            ['node', 2, 'via'],
            ['way', 10, 'to'],
          ],
          { type: 'restriction', restriction: 'no_u_turn' },
        ) +
        rel(7, via1(12, 11), { type: 'multipolygon' }),
    );
    const { g, report } = imported(xml);
    expect(g.restrictions.kind.length).toBe(0);
    expect(report.restrictions.relations).toBe(6);
    expect(report.restrictions.skipped).toEqual({
      'missing from, via or to member': 1,
      'to way not in the graph': 1,
      'from way does not reach the via': 1,
      'unknown value no_flying': 1,
      'not for cars or lorries': 1,
      'via in the middle of the from way': 1,
    });
  });
});

describe('restriction tags', () => {
  it('splits conditional values outside parentheses', () => {
    expect(parseConditional('no_left_turn @ (Mo-Fr 07:00-09:00; Sa 10:00-12:00); no_right_turn @ Su')).toEqual([
      { value: 'no_left_turn', condition: 'Mo-Fr 07:00-09:00; Sa 10:00-12:00' },
      { value: 'no_right_turn', condition: 'Su' },
    ]);
  });

  it('lets a mode key win over except', () => {
    expect(restrictionRules({ restriction: 'no_left_turn', 'restriction:hgv': 'no_left_turn', except: 'hgv' })).toEqual([
      { value: 'no_left_turn', kind: RESTRICT_CAR | RESTRICT_TRUCK, condition: undefined },
    ]);
    expect(restrictionRules({ type: 'restriction:hgv', restriction: 'only_right_turn' })).toEqual([
      { value: 'only_right_turn', kind: RESTRICT_ONLY | RESTRICT_TRUCK, condition: undefined },
    ]);
    expect(restrictionRules({ restriction: 'no_left_turn', except: 'motor_vehicle' })).toEqual([]);
  });
});

describe('turn restriction relations in PBF', () => {
  it('reads relation members (types, ids, roles) and resolves them like the XML reader', () => {
    const nodes: OsmNode[] = [
      { id: 1, lat: 57, lon: 12 },
      { id: 2, lat: 57.001, lon: 12 },
      { id: 3, lat: 57, lon: 12.002 },
      { id: 4, lat: 56.999, lon: 12, tags: { barrier: 'bollard' } },
      { id: 5, lat: 56.998, lon: 12 },
    ];
    const ways: OsmWay[] = [
      { id: 300, refs: [1, 2], tags: { highway: 'residential' } },
      { id: 100, refs: [1, 3], tags: { highway: 'residential' } },
      { id: 200, refs: [5, 4, 1], tags: { highway: 'residential' } },
    ];
    const relations: OsmRelation[] = [
      {
        id: 9,
        tags: { type: 'restriction', restriction: 'only_right_turn' },
        members: [
          { type: 'way', ref: 200, role: 'from' },
          { type: 'node', ref: 1, role: 'via' },
          { type: 'way', ref: 100, role: 'to' },
        ],
      },
    ];
    let report: ImportReport | undefined;
    const g = graphFromOsmPbf(writeOsmPbf(nodes, ways, { relations }), { onReport: (r) => (report = r) });
    const at = (la: number, lo: number) => [...g.lat.keys()].find((i) => g.lat[i] === la && g.lon[i] === lo);
    expect(paths(g)).toEqual([[at(56.999, 12), at(57, 12), at(57, 12.002)]]);
    expect(g.restrictions.kind[0]).toBe(RESTRICT_ONLY | RESTRICT_CAR | RESTRICT_TRUCK);
    expect(g.nodeFlags[at(56.999, 12) as number]).toBe(NODE_BARRIER_CAR | NODE_BARRIER_TRUCK);
    expect(report?.restrictions).toMatchObject({ relations: 1, resolved: 1, paths: 1 });
  });
});
