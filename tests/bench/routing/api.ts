/**
 * The routing API's operations in-process (the service functions the handlers call, without
 * HTTP): directions p50, a 1000 x 1000 distance matrix (with the JSON text the handler sends), a 10-minute isochrone, snapping 1000
 * points. Run by run.ts after the engine figures.
 */
import { NetworkRegistry, type LatLon, type Network } from '../../../shared/roads/index';
import { directions } from '../../../shared/routing/service/directions';
import { isochrones } from '../../../shared/routing/service/isochrones';
import { distanceMatrixJson, travelMatrix } from '../../../shared/routing/service/matrix';
import { snapToRoads } from '../../../shared/routing/service/snap';

type Bench = (name: string, runs: number, f: () => unknown) => number;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export function benchApi(net: Network, pts: LatLon[], trace: LatLon[], bench: Bench, report: (name: string, value: string) => void): void {
  const registry = new NetworkRegistry().add(net);
  // Directions avoid ferries by default: the hierarchy of that metric is built once, as a warm function has it.
  directions(registry, { origin: pts[0], destination: pts[1] });
  net.prepare({ profile: 'car', avoid: { ferry: true } });
  const one: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    directions(registry, { origin: pts[i], destination: pts[i + 200], steps: true });
    one.push(performance.now() - t);
  }
  report(
    'API directions with steps, 200 random pairs',
    `p50 ${percentile(one, 50).toFixed(2)} ms, p90 ${percentile(one, 90).toFixed(2)} ms`,
  );
  const square = { origins: pts.slice(0, 1000), destinations: pts.slice(0, 1000) };
  bench('API distance matrix 1000x1000 (car), matrix only', 5, () => travelMatrix(registry, square));
  // What the handler sends: the matrix and its JSON text (about 34 MB).
  bench('API distance matrix 1000x1000 (car), JSON body', 5, () => distanceMatrixJson(registry, square));
  bench('API isochrone 10 min, one polygon contour', 9, () =>
    isochrones(registry, { coordinates: pts[7], contours_minutes: [10], polygons: true }),
  );
  bench(`API snapToRoads ${trace.length} points`, 3, () => snapToRoads(registry, { path: trace }));
}
