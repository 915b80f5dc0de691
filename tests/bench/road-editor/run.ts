/**
 * npm run bench:road-editor: what a road edit costs, in-process on the Gothenburg network.
 *  - per change: the first route after it (matching the edits, building the edited metric and,
 *    for turn bans, the turn graph), and the first 100 x 100 matrix (its contraction hierarchy);
 *  - per route: directions with a space's edits in force against none (medians).
 * Routers add up to WAYMARK_ROAD_EDITS_MAX_STALE_MS (1 s) before they see a change at all.
 */
import { performance } from 'node:perf_hooks';
import { RoadEditor } from '../../../shared/road-editor/service';
import { loadGothenburgSample, NetworkRegistry } from '../../../shared/roads';
import { directions } from '../../../shared/routing/service/directions';
import { MemoryRestrictionStore } from '../../fixtures/memory/road-editor';

const net = loadGothenburgSample();
const registry = new NetworkRegistry().add(net);
const editor = new RoadEditor(new MemoryRestrictionStore(), () => registry, { maxStaleMs: 0 });
const station = { lat: 57.70891, lon: 11.97462 };
const johanneberg = { lat: 57.6968, lon: 11.9841 };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (f: () => unknown) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

const leg = net.route([station, johanneberg], {}).legs[0];
const mid = Math.floor(leg.coordinates!.length / 2);
const track = [leg.coordinates![mid], leg.coordinates![mid + 1]].map(([lat, lon]) => [lon, lat]);
// edges are per segment of the geometry: a compressed chain's edge repeats once per shape point
const e = leg.edges!.filter((x, i, all) => i === 0 || x !== all[i - 1]);
const turnAt = e.findIndex(
  (x, i) =>
    i > 0 && i < e.length - 1 && net.graph.data.firstOut[net.graph.data.head[x] + 1] - net.graph.data.firstOut[net.graph.data.head[x]] >= 3,
);
const turn = { from: net.graph.tail[e[turnAt]], via: net.graph.data.head[e[turnAt]], to: net.graph.data.head[e[turnAt + 1]] };

const grid: Array<{ lat: number; lon: number }> = [];
for (let i = 0; i < 100; i++) grid.push({ lat: 57.68 + (i % 10) * 0.005, lon: 11.93 + Math.floor(i / 10) * 0.008 });

async function measure(label: string, make: () => Promise<unknown>) {
  const routeOnce = async () =>
    directions(registry, { origin: station, destination: johanneberg, road_edits: await editor.editsFor('s', Date.now() / 1000) });
  await make();
  const t0 = performance.now();
  await routeOnce();
  const firstRoute = performance.now() - t0;
  const edits = await editor.editsFor('s', Date.now() / 1000);
  const firstMatrix = time(() => net.matrix(grid, { edits }));
  const withEdits: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < 30; i++) {
    withEdits.push(time(() => directions(registry, { origin: station, destination: johanneberg, road_edits: edits })));
    without.push(time(() => directions(registry, { origin: station, destination: johanneberg })));
  }
  console.log(
    `${label.padEnd(28)} first route ${firstRoute.toFixed(0).padStart(5)} ms   first 100x100 matrix ${firstMatrix.toFixed(0).padStart(5)} ms   route p50 ${median(withEdits).toFixed(2)} ms (no edits ${median(without).toFixed(2)} ms)`,
  );
}

console.log(`Gothenburg: ${net.graph.nodeCount} nodes, ${net.graph.edgeCount} edges; warming the plain metric`);
directions(registry, { origin: station, destination: johanneberg });
net.matrix(grid, {});
await measure('closure on a track', () => editor.create('s', 'closure', { area: net.name, name: 'works', tracks: track }, false));
await measure('+ turn ban by node numbers', () => editor.create('s', 'turn', { area: net.name, name: 'no turn', turns: [turn] }, false));
await measure('+ 30 km/h cap on an area', () =>
  editor.create(
    's',
    'maxspeed',
    {
      area: net.name,
      name: 'zone',
      speed_limit: 30,
      geofence: [
        [11.96, 57.7],
        [11.98, 57.7],
        [11.98, 57.71],
        [11.96, 57.71],
        [11.96, 57.7],
      ],
    },
    false,
  ),
);
