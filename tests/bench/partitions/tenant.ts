import { AsyncLocalStorage } from 'node:async_hooks';
import { createGeofenceBody } from '../../../shared/geofence/schemas';
import { DynamoGeofenceStore } from '../../../shared/geofence/dynamo-store';
import { GeofenceService } from '../../../shared/geofence/service';
import { MonitorEvaluator } from '../../../shared/monitors/evaluate';
import { DynamoMonitorStateStore } from '../../../shared/monitors/dynamo-state';
import { DynamoMonitorStore } from '../../../shared/monitors/dynamo-store';
import { createMonitorBody } from '../../../shared/monitors/schemas';
import { MonitorService } from '../../../shared/monitors/service';
import { monitorListeners } from '../../../shared/monitors/tracking-listeners';
import { bindDevice, createAsset } from '../../../shared/tracking/assets';
import { DynamoTrackingStore } from '../../../shared/tracking/dynamo-store';
import { searchArea } from '../../../shared/tracking/search';
import type { TrackingContext } from '../../../shared/tracking/service';
import { uploadTrack } from '../../../shared/tracking/track';

// A simulated tenant driven through the real services and DynamoDB stores:
// assets driving random street-grid paths through a city and uploading every
// `uploadEverySeconds`, geofences scattered over the city, monitors watching
// some of them, searches and contains calls at fixed rates. Setup (creating
// fences, assets, monitors) runs at simulated second -1, outside the window.

export interface TenantOptions {
  assets: number;
  uploadEverySeconds: number;
  fences: number;
  monitors: number;
  fencesPerMonitor: number;
  searchesPerSecond: number;
  containsPerSecond: number;
  seconds: number;
  /** Simulated Lambda instances evaluating uploads (each with its own fence cache). */
  instances: number;
  seed: number;
}

export interface CallBytes {
  kind: string;
  bytes: number;
}

export interface Clock {
  second: number;
}

const SPACE = 'org-bench|default';
// A city of about 50 x 30 km (0.45 degrees each way at 52 N): the worst case for cell-keyed partitions is one tenant in one place.
const CITY = { lat: 52.3, lon: 4.7, spanDeg: 0.45 };
const STREET_DEG = 0.001;
const SPEED_DEG_PER_S = 0.0001;

export const callBytes = new AsyncLocalStorage<{ bytes: number }>();

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

interface Vehicle {
  id: string;
  lat: number;
  lon: number;
  dLat: number;
  dLon: number;
}

export async function runTenant(options: TenantOptions, clock: Clock, onCall: (c: CallBytes) => void): Promise<void> {
  const random = rng(options.seed);
  const nowMs = () => 1_800_000_000_000 + clock.second * 1000;
  const point = () => ({
    lat: CITY.lat + Math.round((random() * CITY.spanDeg) / STREET_DEG) * STREET_DEG,
    lon: CITY.lon + Math.round((random() * CITY.spanDeg) / STREET_DEG) * STREET_DEG,
  });
  const measured = async <T>(kind: string, run: () => Promise<T>): Promise<T | undefined> => {
    const counter = { bytes: 0 };
    try {
      return await callBytes.run(counter, run);
    } catch (error) {
      if ((error as { status?: number }).status === undefined) throw error;
      return undefined;
    } finally {
      onCall({ kind, bytes: counter.bytes });
    }
  };

  const geofenceStore = new DynamoGeofenceStore();
  const geofences = new GeofenceService(geofenceStore, { isochrone: () => Promise.reject(new Error('no isochrones')) } as never, nowMs);
  const monitorStore = new DynamoMonitorStore();
  const evaluation = new DynamoMonitorStateStore();
  const tracking = new DynamoTrackingStore();
  const monitorService = new MonitorService({
    monitors: monitorStore,
    config: monitorStore,
    geofences: geofenceStore,
    evaluation,
    assetExists: async () => true,
    roadSpeedLimits: () => false,
    changed: () => undefined,
    clock: nowMs,
  } as never);
  const contexts: TrackingContext[] = Array.from({ length: Math.max(1, options.instances) }, () => ({
    store: tracking,
    now: nowMs,
    listeners: monitorListeners(
      new MonitorEvaluator({
        monitors: monitorStore,
        geofences: geofenceStore,
        evaluation,
        config: monitorStore,
        // As functions/monitors/deps.ts: evaluation recovery reads the asset's history.
        history: (space, key, from, to) => tracking.readHistory(space, key, from + 1, to),
        clock: nowMs,
      }),
      evaluation,
      // No webhooks are configured in the simulated tenant: nothing is ever sent.
      async () => true,
    ),
  }));

  clock.second = -1;
  const fenceIds: string[] = [];
  for (let i = 0; i < options.fences; i += 100) {
    const batch = Array.from({ length: Math.min(100, options.fences - i) }, (_, j) => {
      const c = point();
      const n = i + j;
      if (n % 2 === 0) return createGeofenceBody.parse({ type: 'circle', circle: { center: c, radius: 50 + random() * 450 } });
      const h = 0.001 + random() * 0.004;
      const ring = [
        [c.lon, c.lat],
        [c.lon + h, c.lat],
        [c.lon + h, c.lat + h],
        [c.lon, c.lat + h],
        [c.lon, c.lat],
      ];
      return createGeofenceBody.parse({ type: 'polygon', polygon: { geojson: { type: 'Polygon', coordinates: [ring] } } });
    });
    fenceIds.push(...(await geofences.batchCreate(SPACE, batch)));
  }
  for (let m = 0; m < options.monitors; m++) {
    const watched = Array.from({ length: options.fencesPerMonitor }, () => fenceIds[Math.floor(random() * fenceIds.length)]);
    await monitorService.create(SPACE, createMonitorBody.parse({ type: 'enter_and_exit', geofence_ids: [...new Set(watched)] }));
  }
  const vehicles: Vehicle[] = [];
  for (let i = 0; i < options.assets; i += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, options.assets - i) }, async () => {
        const { id } = await createAsset(contexts[0], SPACE, {});
        await bindDevice(contexts[0], SPACE, id, `dev-${id}`);
        const start = point();
        const east = random() < 0.5;
        const sign = random() < 0.5 ? -1 : 1;
        vehicles.push({ id, ...start, dLat: east ? 0 : sign, dLon: east ? sign : 0 });
      }),
    );
  }

  // One upload per asset before the window, so the window sees a fleet already under way (each
  // asset indexed, with an evaluation state), not the first uploads of new assets. Their times
  // are spread over the minute before, as a fleet's uploads are: monitor state written at most once
  // a minute per quiet asset (shared/monitors/quiet.ts) then comes due at its steady rate.
  for (let i = 0; i < vehicles.length; i += 500) {
    await Promise.all(
      vehicles.slice(i, i + 500).map((v, j) =>
        uploadTrack(contexts[(i + j) % contexts.length], SPACE, v.id, {
          device_id: `dev-${v.id}`,
          locations: [{ location: { lat: v.lat, lon: v.lon }, timestamp: nowMs() - ((((i + j) * 7919) % 60) + 1) * 1000 }],
        } as never),
      ),
    );
  }

  for (let s = 0; s < options.seconds; s++) {
    clock.second = s;
    const due = vehicles.filter((_, i) => i % options.uploadEverySeconds === s % options.uploadEverySeconds);
    for (let i = 0; i < due.length; i += 500) {
      await Promise.all(
        due.slice(i, i + 500).map((v, j) => {
          move(v, options.uploadEverySeconds, random);
          const ctx = contexts[(i + j) % contexts.length];
          return measured('upload', () =>
            uploadTrack(ctx, SPACE, v.id, {
              device_id: `dev-${v.id}`,
              locations: [{ location: { lat: v.lat, lon: v.lon }, timestamp: nowMs() }],
            } as never),
          );
        }),
      );
    }
    for (let q = 0; q < options.searchesPerSecond; q++) {
      await measured('search around 1 km', () =>
        searchArea(contexts[0], SPACE, { type: 'circle', center: point(), radius: 1000 }, { filter: {}, pn: 1, ps: 100 } as never),
      );
    }
    for (let q = 0; q < options.containsPerSecond; q++) {
      const locations = [point(), point()].map((p) => `${p.lat},${p.lon}`).join('|');
      await measured('contains, all fences', () => geofences.contains(SPACE, { locations }));
      const ids = Array.from({ length: 20 }, () => fenceIds[Math.floor(random() * fenceIds.length)]);
      await measured('contains, 20 fences', () => geofences.contains(SPACE, { locations, geofences: ids }));
    }
  }
}

/** One street segment per step; turns at random crossings, stays inside the city. */
function move(v: Vehicle, seconds: number, random: () => number): void {
  for (let t = 0; t < seconds; t++) {
    v.lat += v.dLat * SPEED_DEG_PER_S;
    v.lon += v.dLon * SPEED_DEG_PER_S;
    const atCrossing =
      Math.abs(v.lat / STREET_DEG - Math.round(v.lat / STREET_DEG)) < 1e-6 &&
      Math.abs(v.lon / STREET_DEG - Math.round(v.lon / STREET_DEG)) < 1e-6;
    const outside = v.lat < CITY.lat || v.lat > CITY.lat + CITY.spanDeg || v.lon < CITY.lon || v.lon > CITY.lon + CITY.spanDeg;
    if (outside) {
      v.dLat = -v.dLat;
      v.dLon = -v.dLon;
    } else if (atCrossing && random() < 0.3) {
      [v.dLat, v.dLon] = random() < 0.5 ? [v.dLon, v.dLat] : [-v.dLon, -v.dLat];
    }
  }
}
