/** File I/O (the only module that touches the file system). */
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deserializeGraph, serializeGraph } from './artefact';
import type { GraphData } from './graph';
import { graphFromGeoJSON, type ImportOptions } from './import-geojson';
import { graphFromOsmXml } from './import-osm-xml';
import { blobSource, graphFromPbfBlobs, type BlobRef } from './import-pbf';
import { blobHeader } from './pbf-blocks';
import { Network } from './network';
import { RoutingInputError } from './types';

/** Read a saved artefact (.wmrg or .wmrg.gz) and return a ready Network. */
export function loadNetwork(path: string): Network {
  return new Network(deserializeGraph(new Uint8Array(readFileSync(path))));
}

/**
 * Write graph data as an artefact; gzip when the path ends with .gz. Returns bytes written.
 * Written beside it under a name no network folder listing loads, then renamed into place: a
 * process reading the folder meanwhile (a starting stack, another import) finds the whole
 * artefact or none, never a partial one.
 */
export function saveGraph(data: GraphData, path: string): number {
  const bytes = serializeGraph(data, { gzip: path.endsWith('.gz') });
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  try {
    writeFileSync(partial, bytes);
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
  return bytes.length;
}

/** Import an OSM extract (.osm.pbf / .pbf), OSM XML (.osm) or GeoJSON (.json / .geojson) file into graph data. */
export function importFile(path: string, opts: ImportOptions = {}): GraphData {
  const lower = path.toLowerCase();
  if (lower.endsWith('.pbf')) {
    return importPbfStreaming(path, opts);
  }
  if (lower.endsWith('.osm')) return graphFromOsmXml(readFileSync(path, 'utf8'), { source: path, ...opts });
  if (lower.endsWith('.json') || lower.endsWith('.geojson')) {
    const text = readFileSync(path, 'utf8');
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch (e) {
      throw new RoutingInputError(`${path}: invalid JSON (${(e as Error).message})`);
    }
    return graphFromGeoJSON(obj, { source: path, ...opts });
  }
  throw new RoutingInputError(`${path}: unknown input format (expected .osm.pbf, .pbf, .osm, .json or .geojson)`);
}

function readAt(fd: number, pos: number, len: number): Uint8Array {
  const out = new Uint8Array(len);
  let got = 0;
  while (got < len) {
    const n = readSync(fd, out, got, len - got, pos + got);
    if (n === 0) throw new RoutingInputError('OSM PBF: truncated file');
    got += n;
  }
  return out;
}

/** Index a PBF file's blobs by reading only their headers. */
function scanPbfFile(fd: number): BlobRef[] {
  const size = fstatSync(fd).size;
  const out: BlobRef[] = [];
  let p = 0;
  while (p < size) {
    const hlen = new DataView(readAt(fd, p, 4).buffer).getUint32(0, false);
    p += 4;
    if (hlen > 64 * 1024 || p + hlen > size) throw new RoutingInputError('OSM PBF: invalid blob header');
    const h = blobHeader(readAt(fd, p, hlen));
    p += hlen;
    if (p + h.datasize > size) throw new RoutingInputError('OSM PBF: truncated blob');
    out.push({ type: h.type, start: p, end: p + h.datasize });
    p += h.datasize;
  }
  return out;
}

/**
 * Import an .osm.pbf reading one blob at a time from the file, twice (ways, then nodes): memory
 * is the assembler's state plus one blob, not the file, so country extracts fit.
 */
export function importPbfStreaming(path: string, opts: ImportOptions = {}): GraphData {
  const fd = openSync(path, 'r');
  try {
    const src = blobSource(scanPbfFile(fd), (b) => readAt(fd, b.start, b.end - b.start));
    return graphFromPbfBlobs(src, { source: path, ...opts });
  } finally {
    closeSync(fd);
  }
}

/** Path of the bundled Gothenburg OSM sample (ODbL, © OpenStreetMap contributors). */
export function gothenburgSamplePath(): string {
  const rel = 'node_modules/geojson-path-finder/test/large-network.json';
  const here = new URL(`../../${rel}`, import.meta.url).pathname;
  return existsSync(here) ? here : join(process.cwd(), rel);
}

/** Save a network's graph as an artefact. */
export function saveNetwork(net: Network, path: string): number {
  return saveGraph(net.graph.data, path);
}

/** Import the bundled Gothenburg sample into a Network (about half a second). */
export function loadGothenburgSample(): Network {
  return new Network(importFile(gothenburgSamplePath(), { name: 'gothenburg' }));
}
