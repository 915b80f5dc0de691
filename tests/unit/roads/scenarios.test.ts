/**
 * Hand-drawn road networks, one per OSM rule family (tests/fixtures/road-scenarios), each with
 * the routes the OSM wiki's definition implies, as node id sequences. Every case is imported and
 * routed through the public engine API, then the route's geometry is read back as node ids.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildNetworkFromOsmXml, haversine, parseOsmXml, type Profile } from '../../../shared/roads/index';

const DIR = join(import.meta.dirname, '../../fixtures/road-scenarios');

interface Case {
  name: string;
  profile: Profile;
  from: number;
  to: number;
  path: number[];
  /** ISO time of departure, for conditional restrictions. */
  departure?: string;
}

const scenarios = readdirSync(DIR)
  .filter((f) => f.endsWith('.osm'))
  .map((f) => {
    const base = f.replace(/\.osm$/, '');
    const spec = JSON.parse(readFileSync(join(DIR, `${base}.json`), 'utf8')) as { scenario: string; cases: Case[] };
    return { base, text: readFileSync(join(DIR, f), 'utf8'), ...spec };
  });

describe.each(scenarios)('road scenario $base', ({ base, text, cases }) => {
  const net = buildNetworkFromOsmXml(text, { name: base });
  const nodes = parseOsmXml(text).nodes;
  const byId = new Map(nodes.map((n) => [n.id, n]));

  /** The node a route coordinate lies on, or the coordinate itself when it is no node. */
  const nodeAt = ([lat, lon]: [number, number]): number | string => {
    const n = nodes.find((x) => haversine(x.lat, x.lon, lat, lon) < 1.5);
    return n ? n.id : `${lat},${lon}`;
  };

  it.each(cases)('$name', (c) => {
    const a = byId.get(c.from);
    const b = byId.get(c.to);
    if (!a || !b) throw new Error(`scenario ${base} names a node it does not draw`);
    const r = net.route([a, b], {
      profile: c.profile,
      precision: 6,
      trafficTimestamp: c.departure ? Date.parse(c.departure) / 1000 : undefined,
    });
    const driven: Array<number | string> = [];
    for (const p of r.coordinates) {
      const id = nodeAt(p);
      if (driven[driven.length - 1] !== id) driven.push(id);
    }
    expect(driven).toEqual(c.path);
  });
});

it('every scenario has cases', () => {
  expect(scenarios.length).toBeGreaterThanOrEqual(12);
  for (const s of scenarios) expect(s.cases.length, s.base).toBeGreaterThan(0);
});
