/** File I/O (the only module that touches the file system). */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { deserializeGraph, serializeGraph } from './artefact';
import type { CHProgress } from './ch-build';
import type { ContractionHierarchy } from './ch-query';
import { deserializeHierarchy, sidecarHeader, sidecarPieces, SIDECAR_SUFFIX, type ArtefactId, type SidecarHeader } from './ch-sidecar';
import type { StoredHierarchies } from './ports';
import type { TravelOptions } from './types';
import type { GraphData } from './graph';
import { graphFromGeoJSON, type ImportOptions } from './import-geojson';
import { graphFromOsmXml } from './import-osm-xml';
import { blobSource, graphFromPbfBlobs, type BlobRef } from './import-pbf';
import { blobHeader } from './pbf-blocks';
import { Network } from './network';
import { RoutingInputError } from './types';

/** What happened to a hierarchy sidecar found beside an artefact. */
export interface SidecarEvent {
  path: string;
  used: boolean;
  /** Why it was refused (stale, damaged, another metric's). */
  reason?: string;
  ms?: number;
}

export interface LoadOptions {
  /** Told when a sidecar is read for a metric, or refused (the hierarchy is then built). */
  onSidecar?: (e: SidecarEvent) => void;
}

/**
 * Read a saved artefact (.wmrg or .wmrg.gz) and return a ready Network. Hierarchy sidecars
 * beside it (`<region>.<tag>.wmch`, written by `npm run network -- build`) are read when their
 * metric is first used, if they were built from these very bytes.
 */
export function loadNetwork(path: string, opts: LoadOptions = {}): Network {
  const bytes = new Uint8Array(readFileSync(path));
  const sidecars = sidecarPaths(path);
  const id = sidecars.length ? artefactIdOf(bytes) : undefined;
  const data = deserializeGraph(bytes);
  return new Network(data, id ? new SidecarHierarchies(sidecars, id, opts.onSidecar) : undefined);
}

/** The artefact path without its .wmrg / .wmrg.gz ending: sidecars and indexes are named after it. */
export function artefactBase(path: string): string {
  return path.replace(/\.wmrg(\.gz)?$/, '');
}

/** The sidecar of one hierarchy of an artefact; `tag` names the metric (`car`, `truck-avoid-ferry`). */
export function sidecarPath(artefactPath: string, tag: string): string {
  return `${artefactBase(artefactPath)}.${tag}${SIDECAR_SUFFIX}`;
}

const SIDECAR_TAG = /^[a-z][a-z0-9-]*$/;

/** The hierarchy sidecars beside an artefact. */
function sidecarPaths(artefactPath: string): string[] {
  const dir = dirname(artefactPath);
  const prefix = `${basename(artefactBase(artefactPath))}.`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(prefix) && f.endsWith(SIDECAR_SUFFIX) && SIDECAR_TAG.test(f.slice(prefix.length, -SIDECAR_SUFFIX.length)))
    .sort()
    .map((f) => join(dir, f));
}

export function artefactIdOf(bytes: Uint8Array): ArtefactId {
  return { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Sidecar files of one artefact; each is read whole only when its metric is asked for. */
class SidecarHierarchies implements StoredHierarchies {
  private headers = new Map<string, SidecarHeader | undefined>();

  constructor(
    private readonly paths: string[],
    private readonly artefact: ArtefactId,
    private readonly onSidecar: ((e: SidecarEvent) => void) | undefined,
  ) {}

  find(key: string, states: number, transitions: number): ContractionHierarchy | undefined {
    for (const path of this.paths) {
      if (!this.headers.has(path)) this.headers.set(path, this.header(path));
      if (this.headers.get(path)?.key !== key) continue;
      try {
        const ch = deserializeHierarchy(new Uint8Array(readFileSync(path)), { key, artefact: this.artefact, states, transitions });
        this.onSidecar?.({ path, used: true, ms: ch.stats.buildMs });
        return ch;
      } catch (e) {
        this.onSidecar?.({ path, used: false, reason: (e as Error).message });
        this.headers.set(path, undefined);
      }
    }
    return undefined;
  }

  private header(path: string): SidecarHeader | undefined {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      const head = readAt(fd, 0, Math.min(size, 12));
      const hlen = head.length === 12 ? new DataView(head.buffer).getUint32(8, true) : 0;
      return sidecarHeader(readAt(fd, 0, Math.min(size, 12 + hlen)));
    } catch (e) {
      this.onSidecar?.({ path, used: false, reason: (e as Error).message });
      return undefined;
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * Build (or read, when a valid sidecar already holds it) the hierarchy of `o` on a network
 * loaded from `artefactPath`, and write it to the sidecar `tag`. Returns the bytes written, 0
 * when the sidecar was already up to date.
 */
export function saveHierarchy(
  net: Network,
  o: TravelOptions,
  artefactPath: string,
  tag: string,
  onProgress?: (p: CHProgress) => void,
): number {
  const m = net.metricFor(o);
  net.prepare(o, onProgress);
  const ch = m.ch!;
  if (ch.stats.loaded) return 0;
  const artefact = artefactIdOfFile(artefactPath);
  return writeAtomically(sidecarPath(artefactPath, tag), sidecarPieces(ch, { key: m.key, artefact, transitions: m.topo.to.length }));
}

/** artefactIdOf of a file, read in pieces: at the end of a country's build memory is short. */
function artefactIdOfFile(path: string): ArtefactId {
  const hash = createHash('sha256');
  const chunk = new Uint8Array(16 * 1024 * 1024);
  const fd = openSync(path, 'r');
  let bytes = 0;
  try {
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0; bytes += n) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Written beside `path` under a name no network folder listing loads, then renamed into place:
 * a process reading the folder meanwhile (a starting stack, another import) finds the whole
 * file or none, never a partial one.
 */
function writeAtomically(path: string, bytes: Uint8Array | Uint8Array[]): number {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  const pieces = Array.isArray(bytes) ? bytes : [bytes];
  try {
    const fd = openSync(partial, 'w');
    try {
      for (const piece of pieces) for (let at = 0; at < piece.length;) at += writeSync(fd, piece, at, piece.length - at);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
  return pieces.reduce((n, p) => n + p.length, 0);
}

/** Write graph data as an artefact; gzip when the path ends with .gz. Returns bytes written. */
export function saveGraph(data: GraphData, path: string): number {
  return writeAtomically(path, serializeGraph(data, { gzip: path.endsWith('.gz') }));
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
