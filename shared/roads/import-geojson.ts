/** Import of GeoJSON LineString / MultiLineString features carrying OSM tags in `properties`. */
import type { GraphData } from './graph';
import { GraphBuilder } from './graph-builder';
import { countGraph, countSkip, emptyReport, type ImportOptions } from './import-report';
import { classifyWay } from './way-attributes';
import { RoutingInputError } from './types';

export type { ImportOptions, ImportProgress, ImportReport } from './import-report';

interface Feature {
  type?: string;
  properties?: Record<string, unknown> | null;
  geometry?: { type?: string; coordinates?: unknown } | null;
}

function stringTags(p: Record<string, unknown> | null | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (!p) return out;
  for (const k of Object.keys(p)) {
    const v = p[k];
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

/** Build graph data from a GeoJSON FeatureCollection (or a Feature array). */
export function graphFromGeoJSON(obj: unknown, opts: ImportOptions = {}): GraphData {
  const features: Feature[] | undefined = Array.isArray(obj)
    ? (obj as Feature[])
    : obj && typeof obj === 'object' && Array.isArray((obj as { features?: unknown }).features)
      ? (obj as { features: Feature[] }).features
      : undefined;
  if (!features) throw new RoutingInputError('GeoJSON input must be a FeatureCollection of LineString features');
  const b = new GraphBuilder();
  const report = emptyReport();
  const total = features.length;
  const step = Math.max(1, Math.floor(total / 20));
  for (let i = 0; i < total; i++) {
    const f = features[i];
    if (opts.onProgress && i % step === 0) opts.onProgress({ phase: 'ways', done: i, total });
    const g = f?.geometry;
    if (!g) continue;
    let lines: number[][][];
    if (g.type === 'LineString') lines = [g.coordinates as number[][]];
    else if (g.type === 'MultiLineString') lines = g.coordinates as number[][][];
    else continue;
    const attrs = classifyWay(stringTags(f.properties));
    if (typeof attrs === 'string') {
      countSkip(report.ways.skipped, attrs);
      continue;
    }
    report.ways.kept++;
    for (const line of lines) {
      if (!Array.isArray(line) || line.length < 2) continue;
      const ids: number[] = [];
      for (const c of line) {
        if (!Array.isArray(c) || !Number.isFinite(c[0]) || !Number.isFinite(c[1])) continue;
        ids.push(b.coordNode(c[1], c[0]));
      }
      b.addWay(ids, attrs);
    }
  }
  opts.onProgress?.({ phase: 'ways', done: total, total });
  const data = b.build({ source: 'geojson', ...opts });
  opts.onProgress?.({ phase: 'graph', done: 1, total: 1 });
  opts.onReport?.(countGraph(report, data));
  return data;
}
