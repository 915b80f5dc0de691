import { gzipSync } from 'node:zlib';

// Shapes the limit tests send: simple polygons of many positions, and comb-shaped rings.

/** A deterministic pseudo-random source, so every failure reproduces. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** A simple star-shaped polygon of `n` corners around (lon, lat), radii 0.05-0.09 degrees, full-precision coordinates. */
export function starPolygon(lon: number, lat: number, n: number, seed: number) {
  const rnd = seeded(seed);
  const ring: number[][] = [];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n;
    const r = 0.05 + 0.04 * rnd();
    ring.push([lon + r * Math.cos(a), lat + r * Math.sin(a)]);
  }
  ring.push(ring[0]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** A comb of `teeth` long horizontal teeth (4 positions each); `crossing` adds a closing leg that cuts the first tooth. */
export function combPolygon(teeth: number, crossing = false) {
  const ring: number[][] = [];
  const h = 0.02 / (2 * teeth);
  for (let t = 0; t < teeth; t++) {
    const y = 57.7 + t * 2 * h;
    ring.push([11.905, y], [11.92, y], [11.92, y + h], [11.905, y + h]);
  }
  ring.push([11.9, 57.7 + 0.02 - h], [11.9, 57.7 - h]);
  if (crossing) ring.push([11.915, 57.7 - h], [11.915, 57.7 + h / 2]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

/** A JSON body sent gzip-encoded, as API Gateway hands a binary body to the function. */
export function gzipped(body: unknown): { rawBody: string; isBase64Encoded: true; headers: Record<string, string> } {
  const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(JSON.stringify(body));
  return { rawBody: gzipSync(bytes).toString('base64'), isBase64Encoded: true, headers: { 'content-encoding': 'gzip' } };
}

/** `{"a": {"a": ... }}` nested `depth` levels, as text (building it as a value would recurse). */
export function deeplyNested(depth: number): string {
  return '{"meta_data":' + '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) + '}';
}
