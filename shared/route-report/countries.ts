// Countries from Natural Earth's admin-0 shapes (1:50m, public domain), as the world-atlas
// package ships them in TopoJSON: the country a point lies in, or undefined at sea and in the
// shapes' gaps along coasts (the caller falls back to the gazetteer there).

import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { pointInPreparedRing, prepareRing, type PreparedRing } from '../geo/ring';
import type { LonLat } from '../geo/types';
// a static import, so the function's bundle carries the shapes (about 0.75 MB)
import atlas from 'world-atlas/countries-50m.json' with { type: 'json' };

interface Country {
  name: string;
  /** Bounds of all its rings, to skip it quickly. */
  minLat: number;
  maxLat: number;
  /** Per polygon: its outer ring, then its holes. */
  polygons: PreparedRing[][];
}

let countries: Country[] | undefined;

function load(): Country[] {
  const topology = atlas as unknown as Topology<{ countries: GeometryCollection }>;
  const collection = feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection;
  return collection.features.flatMap((f) => {
    const g = f.geometry;
    const rings = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    const name = String(f.properties?.name ?? '');
    const polygons = rings.map((polygon) => polygon.map((ring) => prepareRing(ring as LonLat[])));
    const outers = polygons.map((p) => p[0]);
    const minLat = Math.min(...outers.map((r) => r.minLat));
    const maxLat = Math.max(...outers.map((r) => r.maxLat));
    return name ? [{ name, minLat, maxLat, polygons }] : [];
  });
}

/** Answers by cell of about 1 km: a route's consecutive segments mostly share one (a 1:50m border is no finer). */
const CELL_DEG = 0.01;
const MAX_CACHED = 100_000;
const cache = new Map<number, string | undefined>();

/** The Natural Earth name of the country at the point (its cell's centre). */
export function countryAt(lat: number, lon: number): string | undefined {
  const row = Math.floor((lat + 90) / CELL_DEG);
  const col = Math.floor((lon + 180) / CELL_DEG);
  const key = row * 36_000 + col;
  if (cache.has(key)) return cache.get(key);
  if (cache.size >= MAX_CACHED) cache.clear();
  const found = lookup((row + 0.5) * CELL_DEG - 90, (col + 0.5) * CELL_DEG - 180);
  cache.set(key, found);
  return found;
}

function lookup(lat: number, lon: number): string | undefined {
  countries ??= load();
  for (const c of countries) {
    if (lat < c.minLat || lat > c.maxLat) continue;
    for (const [outer, ...holes] of c.polygons)
      if (pointInPreparedRing(outer, lon, lat) && !holes.some((h) => pointInPreparedRing(h, lon, lat))) return c.name;
  }
  return undefined;
}
