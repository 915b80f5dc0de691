import { issueRootKey } from '../../../shared/auth/issue';
import { DynamoKeyStore } from '../../../shared/auth/dynamo-store';

// What the benchmark needs on the stack it measures, made through the API (the key
// through the operator's path, as `npm run keys` would: root keys have no API). The
// key's quotas are far above the defaults so the figures measure the stack, not the
// rate limiter's 429s.

export const CENTER = { lat: 52.52, lon: 13.405 };
export const ASSETS = 50;

export interface Seeded {
  key: string;
  geofenceId: string;
  assetIds: string[];
  deviceOf: (assetId: string) => string;
}

async function call(baseUrl: string, key: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}${path.includes('?') ? '&' : '?'}key=${key}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`seeding: ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

export async function issueBenchKey(dynamodbEndpoint: string): Promise<string> {
  Object.assign(process.env, { WAYMARK_DYNAMODB_ENDPOINT: dynamodbEndpoint, WAYMARK_STAGE: 'local' });
  const plenty = { perSecond: 1_000_000, perMinute: 60_000_000 };
  const { key } = await issueRootKey(new DynamoKeyStore(), {
    org: 'bench-http',
    label: 'npm run bench:http',
    now: Math.floor(Date.now() / 1000),
    quotas: { geofence: plenty, multigeocode: plenty, tracking: plenty, routing: plenty },
  });
  return key;
}

export async function seed(baseUrl: string, key: string): Promise<Seeded> {
  const run = Date.now().toString(36);
  const geofenceId = `bench-${run}`;
  await call(baseUrl, key, 'POST', '/geofence', {
    type: 'circle',
    custom_id: geofenceId,
    name: 'bench',
    circle: { center: CENTER, radius: 2000 },
  });
  // A handful of fences around the point `contain` asks about, some holding it, some not.
  const geofences = Array.from({ length: 20 }, (_, i) => ({
    type: 'circle',
    circle: { center: { lat: CENTER.lat + (i % 5) * 0.01, lon: CENTER.lon + Math.floor(i / 5) * 0.01 }, radius: 1500 },
  }));
  await call(baseUrl, key, 'POST', '/geofence/batch', { geofences });
  const assetIds: string[] = [];
  const deviceOf = (assetId: string) => `dev-${assetId}`;
  for (let i = 0; i < ASSETS; i++) {
    const id = `bench-${run}-${i}`;
    await call(baseUrl, key, 'POST', '/skynet/asset', { custom_id: id, name: `bench ${i}` });
    await call(baseUrl, key, 'POST', `/skynet/asset/${id}/bind`, { device_id: deviceOf(id) });
    const location = { lat: CENTER.lat + (i % 10) * 0.002, lon: CENTER.lon + Math.floor(i / 10) * 0.002 };
    await call(baseUrl, key, 'POST', `/skynet/asset/${id}/track`, {
      device_id: deviceOf(id),
      locations: [{ location, timestamp: Date.now() - 60_000 }],
    });
    assetIds.push(id);
  }
  return { key, geofenceId, assetIds, deviceOf };
}
