/**
 * Stored hierarchies: a hierarchy written to a sidecar beside its artefact and read back gives the
 * same routes and matrices as one built at load; a sidecar of another artefact, another metric,
 * or damaged is refused and the hierarchy built instead.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildNetworkFromGeoJSON,
  deserializeHierarchy,
  gothenburgSamplePath,
  importFile,
  loadNetwork,
  saveGraph,
  saveHierarchy,
  sidecarPath,
  type LatLon,
  type SidecarEvent,
} from '../../../shared/roads/index';
import { roadPoints } from '../../fixtures/routing/points';
import { BASE_LAT, BASE_LON, DLAT, DLON, gridNetwork } from '../../fixtures/routing/graphs';

const dir = mkdtempSync(join(tmpdir(), 'waymark-chstore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Gothenburg with a stored car hierarchy', () => {
  const path = join(dir, 'gothenburg.wmrg');
  let points: LatLon[];

  beforeAll(() => {
    saveGraph(importFile(gothenburgSamplePath(), { name: 'gothenburg' }), path);
  }, 60_000);

  it('gives the same matrices and routes as the hierarchy built at load', () => {
    const built = loadNetwork(path);
    points = roadPoints(built, 60, 7);
    const bytes = saveHierarchy(built, { profile: 'car' }, path, 'car');
    expect(bytes).toBeGreaterThan(0);
    expect(built.prepare({ profile: 'car' }).loaded).toBe(false);

    const events: SidecarEvent[] = [];
    const stored = loadNetwork(path, { onSidecar: (e) => events.push(e) });
    const info = stored.prepare({ profile: 'car' });
    expect(info.loaded).toBe(true);
    expect(events).toEqual([expect.objectContaining({ path: sidecarPath(path, 'car'), used: true })]);
    expect(info.shortcuts).toBe(built.prepare({ profile: 'car' }).shortcuts);

    const a = built.matrix(points, { profile: 'car', method: 'ch' });
    const b = stored.matrix(points, { profile: 'car', method: 'ch' });
    expect(Array.from(b.durations)).toEqual(Array.from(a.durations));
    expect(Array.from(b.distances)).toEqual(Array.from(a.distances));
    expect(a.durations.filter(Number.isFinite).length).toBeGreaterThan(points.length * points.length * 0.9);
    for (let k = 0; k < 20; k++) {
      const pair = [points[k], points[points.length - 1 - k]];
      const ra = built.route(pair, { profile: 'car', method: 'ch' });
      const rb = stored.route(pair, { profile: 'car', method: 'ch' });
      expect(rb.geometry).toBe(ra.geometry);
      expect(rb.duration).toBe(ra.duration);
      expect(rb.distance).toBe(ra.distance);
    }
  }, 120_000);

  it('writes nothing when the sidecar is already up to date', () => {
    expect(saveHierarchy(loadNetwork(path), { profile: 'car' }, path, 'car')).toBe(0);
  });
});

describe('a sidecar that does not belong is refused', () => {
  const P = (x: number, y: number) => ({ lat: BASE_LAT + y * DLAT, lon: BASE_LON + x * DLON });
  const path = join(dir, 'grid.wmrg');
  const car = sidecarPath(path, 'car');
  let good: Uint8Array;

  beforeAll(() => {
    saveGraph(buildNetworkFromGeoJSON(gridNetwork(8, 8), { name: 'grid' }).graph.data, path);
    saveHierarchy(loadNetwork(path), { profile: 'car' }, path, 'car');
    good = new Uint8Array(readFileSync(car));
  });

  const reload = () => {
    const events: SidecarEvent[] = [];
    const net = loadNetwork(path, { onSidecar: (e) => events.push(e) });
    const info = net.prepare({ profile: 'car' });
    const r = net.route([P(0, 0.5), P(7, 6.5)], { profile: 'car', method: 'ch' });
    const d = net.route([P(0, 0.5), P(7, 6.5)], { profile: 'car', method: 'dijkstra' });
    expect(r.duration).toBeCloseTo(d.duration, 9);
    return { info, events };
  };

  it('uses the sidecar it was built with, and not for a road-edited metric', () => {
    writeFileSync(car, good);
    const { info, events } = reload();
    expect(info.loaded).toBe(true);
    expect(events.map((e) => e.used)).toEqual([true]);
    const closure = {
      kind: 'closure' as const,
      profiles: ['car' as const],
      chains: [
        [
          [P(3, 3).lat, P(3, 3).lon],
          [P(4, 3).lat, P(4, 3).lon],
        ] as [number, number][],
      ],
    };
    const edited = loadNetwork(path).prepare({ profile: 'car', edits: { key: 'space-1:v1', items: [closure] } });
    expect(edited.loaded).toBe(false);
  });

  it('refuses a damaged sidecar and builds the hierarchy', () => {
    const bad = good.slice();
    bad[bad.length - 20] ^= 0xff;
    writeFileSync(car, bad);
    const { info, events } = reload();
    expect(info.loaded).toBe(false);
    expect(events).toEqual([expect.objectContaining({ used: false, reason: expect.stringMatching(/damaged/) })]);
  });

  it('refuses a truncated sidecar and one that is not a sidecar at all', () => {
    writeFileSync(car, good.subarray(0, good.length - 100));
    expect(reload().info.loaded).toBe(false);
    writeFileSync(car, 'not a hierarchy');
    const { info, events } = reload();
    expect(info.loaded).toBe(false);
    expect(events[0]).toMatchObject({ used: false, reason: expect.stringMatching(/not a Waymark hierarchy sidecar/) });
  });

  it('refuses a sidecar of an earlier artefact (stale) and of another metric', () => {
    writeFileSync(car, good);
    const net = loadNetwork(path);
    const m = net.metricFor({ profile: 'car' });
    const want = {
      key: m.key,
      artefact: { bytes: readFileSync(path).length, sha256: '0'.repeat(64) },
      states: m.topo.stateCount,
      transitions: m.topo.to.length,
    };
    expect(() => deserializeHierarchy(good, want)).toThrow(/another artefact \(stale\)/);
    // the artefact written again with other content: the sidecar no longer matches
    saveGraph(buildNetworkFromGeoJSON(gridNetwork(8, 8), { name: 'grid-2' }).graph.data, path);
    const { info, events } = reload();
    expect(info.loaded).toBe(false);
    expect(events[0]).toMatchObject({ used: false, reason: expect.stringMatching(/stale/) });
    // a truck metric never reads the car sidecar (its key differs)
    const stored = loadNetwork(path);
    expect(stored.prepare({ profile: 'truck' }).loaded).toBe(false);
  });
});
