import type { Request } from 'autocannon';
import { CENTER, type Seeded } from './seed';

// The endpoints `npm run bench:http` drives, as autocannon requests. Track uploads
// carry one point each, spread over the seeded assets, with timestamps that only
// grow so every upload stores a new point and moves the latest location.

export interface Scenario {
  name: string;
  /** Called once per run: a fresh request (with its own per-request state). */
  request(s: Seeded): Request;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

export const SCENARIOS: Scenario[] = [
  {
    name: 'GET /geofence/{id}',
    request: (s) => ({ method: 'GET', path: `/geofence/${s.geofenceId}?key=${s.key}` }),
  },
  {
    name: 'GET /geofence/contain',
    request: (s) => ({ method: 'GET', path: `/geofence/contain?key=${s.key}&locations=${CENTER.lat},${CENTER.lon}` }),
  },
  {
    name: 'POST /multigeocode/search',
    request: (s) => ({
      method: 'POST',
      path: `/multigeocode/search?key=${s.key}`,
      headers: JSON_HEADERS,
      body: JSON.stringify({ query: 'Berlin', at: { lat: CENTER.lat, lng: CENTER.lon } }),
    }),
  },
  {
    name: 'POST /skynet/asset/{id}/track (1 point)',
    request: (s) => {
      let n = 0;
      const start = Date.now();
      return {
        method: 'POST',
        path: `/skynet/asset/${s.assetIds[0]}/track?key=${s.key}`,
        headers: JSON_HEADERS,
        setupRequest: (req) => {
          const assetId = s.assetIds[n % s.assetIds.length];
          // Strictly increasing per asset; never in the future by more than the run lasts.
          const timestamp = start + n++;
          const location = { lat: CENTER.lat + (n % 17) * 0.001, lon: CENTER.lon + (n % 13) * 0.001 };
          return {
            ...req,
            path: `/skynet/asset/${assetId}/track?key=${s.key}`,
            body: JSON.stringify({ device_id: s.deviceOf(assetId), locations: [{ location, timestamp }] }),
          };
        },
      };
    },
  },
  {
    // the phone apps' protocol (issue 43: no slower than the JSON upload of one point above)
    name: 'GET /skynet/osmand (1 point)',
    request: (s) => {
      let n = 0;
      const start = Date.now();
      return {
        method: 'GET',
        path: `/skynet/osmand?key=${s.key}`,
        setupRequest: (req) => {
          const assetId = s.assetIds[n % s.assetIds.length];
          const timestamp = start + n++;
          const lat = CENTER.lat + (n % 17) * 0.001;
          const lon = CENTER.lon + (n % 13) * 0.001;
          return {
            ...req,
            path: `/skynet/osmand?key=${s.key}&id=${s.deviceOf(assetId)}&lat=${lat}&lon=${lon}&timestamp=${timestamp}&speed=10`,
          };
        },
      };
    },
  },
  {
    name: 'GET /skynet/search/around',
    request: (s) => ({ method: 'GET', path: `/skynet/search/around?key=${s.key}&center=${CENTER.lat},${CENTER.lon}&radius=2000` }),
  },
  {
    name: 'GET /skynet/asset/{id}/location/last',
    request: (s) => ({ method: 'GET', path: `/skynet/asset/${s.assetIds[1]}/location/last?key=${s.key}` }),
  },
];
