import { bootStack } from '../../integration/support/stack';

// End-to-end part of `npm run bench:geofence`: GET /geofence/contain through
// `npm start` (serverless-offline, the real handler chain, DynamoDB Local).
// The spec's 256-character limit on query values caps `locations` at about
// 14 points, so each request tests the key's 100 fences (the default set)
// against 14 points: 1400 pairs.

export interface HttpResult {
  requests: number;
  pairs: number;
  median: number;
  p99: number;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function ring(lat: number, lon: number, vertices: number, radiusDeg: number): number[][] {
  const coords: number[][] = [];
  for (let i = 0; i < vertices; i++) {
    const a = (2 * Math.PI * i) / vertices;
    const r = radiusDeg * (0.7 + 0.3 * Math.abs(Math.sin(5 * a)));
    coords.push([lon + r * Math.cos(a), lat + r * Math.sin(a)]);
  }
  coords.push(coords[0]);
  return coords;
}

export async function runHttpBenchmark(requests = 300): Promise<HttpResult> {
  const stack = await bootStack();
  try {
    const url = (path: string, query: Record<string, string>) =>
      `${stack.baseUrl}${path}?${new URLSearchParams({ key: stack.apiKey, ...query })}`;
    const geofences = Array.from({ length: 100 }, (_, i) => ({
      type: 'polygon',
      polygon: {
        geojson: { type: 'Polygon', coordinates: [ring(57.6 + (i % 10) * 0.02, 11.9 + Math.floor(i / 10) * 0.02, 64 + i * 9, 0.015)] },
      },
    }));
    const created = await fetch(url('/geofence/batch', {}), { method: 'POST', body: JSON.stringify({ geofences }) });
    if (!created.ok) throw new Error(`batch create failed: ${created.status} ${await created.text()}`);
    const points = Array.from({ length: 14 }, (_, i) => `${(57.6 + i * 0.014).toFixed(4)},${(11.9 + i * 0.013).toFixed(4)}`).join('|');
    const times: number[] = [];
    for (let i = 0; i < requests + 20; i++) {
      const start = performance.now();
      const res = await fetch(url('/geofence/contain', { locations: points }));
      const body = (await res.json()) as { data?: { result_list?: unknown[] } };
      if (res.status !== 200 || body.data?.result_list?.length !== 100) throw new Error(`contain failed: ${res.status}`);
      if (i >= 20) times.push(performance.now() - start); // the first calls warm the worker
    }
    times.sort((a, b) => a - b);
    return { requests, pairs: 1400, median: percentile(times, 0.5), p99: percentile(times, 0.99) };
  } finally {
    await stack.stop();
  }
}

export function formatHttpResult(r: HttpResult): string {
  return `http contain (npm start, DynamoDB Local): 100 fences x 14 points = ${r.pairs} pairs, ${r.requests} requests: median ${r.median.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
}
