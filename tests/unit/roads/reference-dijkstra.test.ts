/**
 * Waymark's directions (contraction hierarchy with shortcut unpacking) side by side with a plain
 * Dijkstra over the imported Gothenburg graph: 100 random origin-destination pairs, same snapping,
 * same metric. The two must agree on every pair.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Searcher } from '../../../shared/roads/dijkstra';
import { haversine, loadGothenburgSample, NetworkRegistry, type LatLon, type Network } from '../../../shared/roads/index';
import { directions } from '../../../shared/routing/service/directions';
import { roadPoints } from '../../fixtures/routing/points';

let net: Network;
let registry: NetworkRegistry;

/** Cheapest travel between two points by one Dijkstra from the origin's segment ends to the destination's. */
function reference(from: LatLon, to: LatLon): { duration: number; distance: number } {
  const options = { profile: 'car' as const, avoid: {} };
  const W = net.metricFor(options).byCost;
  const a = net.snap(from, options);
  const b = net.snap(to, options);
  const search = new Searcher(net.graph, W.topo);
  search.run(net.sourceSeeds(a, W), W);
  let best = { cost: Infinity, duration: Infinity, distance: Infinity };
  for (const t of net.targetSeeds(b, W)) {
    const c = search.cost[t.node] + t.cost;
    if (c < best.cost) best = { cost: c, duration: search.dur[t.node] + t.dur, distance: search.len[t.node] + t.len };
  }
  const direct = net.direct(a, b, W);
  if (direct && direct.cost < best.cost) best = { cost: direct.cost, duration: direct.dur, distance: direct.len };
  return best;
}

const asText = (p: LatLon) => `${p.lat},${p.lon}`;

beforeAll(() => {
  net = loadGothenburgSample();
  registry = new NetworkRegistry().add(net);
  // Building the hierarchy takes a second or two, more on a loaded machine.
  net.prepare({ profile: 'car', avoid: {} });
}, 120_000);

describe('directions against a plain Dijkstra', () => {
  it('agree on the duration and distance of 100 random origin-destination pairs', () => {
    const points = roadPoints(net, 200, 7);
    let compared = 0;
    for (let k = 0; k < 100; k++) {
      const from = points[2 * k];
      const to = points[2 * k + 1];
      const mine = directions(registry, { origin: from, destination: to, avoid: { avoid: {}, turns: [], geofenceIds: [] } }).route;
      const theirs = reference(from, to);
      expect(Number.isFinite(theirs.duration), `pair ${k}`).toBe(true);
      // Both are rounded to 0.1 the way the API answers.
      expect(mine.duration, `pair ${k} ${asText(from)} -> ${asText(to)}`).toBe(Math.round(theirs.duration * 10) / 10);
      expect(mine.distance, `pair ${k} ${asText(from)} -> ${asText(to)}`).toBe(Math.round(theirs.distance * 10) / 10);
      compared++;
    }
    expect(compared).toBe(100);
    // The pairs are spread over the city, not a hundred trivial hops.
    const spread = points
      .slice(0, 200)
      .filter((p, i) => i % 2 === 0 && haversine(p.lat, p.lon, points[i + 1].lat, points[i + 1].lon) > 3000);
    expect(spread.length).toBeGreaterThan(50);
    // 2.6 s in a whole-suite run on a 2-core machine, up to 14 s under load average 12-14 (other suites running too).
  }, 20_000);
});
