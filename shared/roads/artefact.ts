/**
 * Binary artefact format (pure, no file I/O):
 *   bytes 0..3   magic "WMRG"
 *   bytes 4..7   format version (uint32 LE) = 3
 *   bytes 8..11  header length H (uint32 LE)
 *   bytes 12..   header: UTF-8 JSON {meta, names, nodeCount, edgeCount, conditions, arrays:[{name,type,offset,length}]}
 *   then the array blobs, each starting at an 8-byte aligned offset (from the file start), little endian.
 * Coordinates (nodes and edges' shape points) are stored as Int32 1e-7 degrees. A gzip-compressed artefact (.gz) is accepted on load.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { GraphData, TurnRestrictions } from './graph';
import { RoutingInputError } from './types';

const MAGIC = 0x47524d57; // "WMRG" little endian
export const ARTEFACT_VERSION = 3;

type ArrayName =
  | Exclude<keyof GraphData, 'meta' | 'names' | 'lat' | 'lon' | 'shapeLat' | 'shapeLon' | 'restrictions'>
  | 'lat7'
  | 'lon7'
  | 'shapeLat7'
  | 'shapeLon7'
  | 'restrictionStart'
  | 'restrictionEdges'
  | 'restrictionKind';
type AnyTyped = Float64Array | Float32Array | Uint32Array | Int32Array | Uint8Array;

const CTORS = {
  Float64Array,
  Float32Array,
  Uint32Array,
  Int32Array,
  Uint8Array,
} as const;
type CtorName = keyof typeof CTORS;

const ARRAYS: ArrayName[] = [
  'lat7',
  'lon7',
  'firstOut',
  'head',
  'length',
  'speedCar',
  'speedTruck',
  'roadClass',
  'flags',
  'maxspeed',
  'maxweight',
  'maxheight',
  'maxwidth',
  'maxlength',
  'nameIdx',
  'nodeFlags',
  'shapeStart',
  'shapeLat7',
  'shapeLon7',
  'restrictionStart',
  'restrictionEdges',
  'restrictionKind',
];

const RESTRICTION_ARRAYS = {
  restrictionStart: 'start',
  restrictionEdges: 'edges',
  restrictionKind: 'kind',
} as const satisfies Partial<Record<ArrayName, keyof TurnRestrictions>>;

function ctorName(a: AnyTyped): CtorName {
  return a.constructor.name as CtorName;
}

const toE7 = (a: Float64Array) => Int32Array.from(a, (x) => Math.round(x * 1e7));

function fromE7(a: Int32Array): Float64Array {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] / 1e7;
  return out;
}

export function serializeGraph(g: GraphData, opts: { gzip?: boolean } = {}): Uint8Array {
  const n = g.lat.length;
  const arrays: Record<string, AnyTyped> = {
    lat7: toE7(g.lat),
    lon7: toE7(g.lon),
    shapeLat7: toE7(g.shapeLat),
    shapeLon7: toE7(g.shapeLon),
  };
  for (const k of ARRAYS) {
    if (k in arrays) continue;
    arrays[k] =
      k in RESTRICTION_ARRAYS
        ? g.restrictions[RESTRICTION_ARRAYS[k as keyof typeof RESTRICTION_ARRAYS]]
        : (g[k as keyof GraphData] as AnyTyped);
  }
  // first pass to compute header size with placeholder offsets
  const entries = ARRAYS.map((name) => ({ name, type: ctorName(arrays[name]), offset: 0, length: arrays[name].length }));
  const mkHeader = () =>
    Buffer.from(
      JSON.stringify({
        meta: g.meta,
        names: g.names,
        nodeCount: n,
        edgeCount: g.head.length,
        conditions: g.restrictions.conditions,
        arrays: entries,
      }),
      'utf8',
    );
  let header = mkHeader();
  // offsets depend on header length, which depends on offsets' digits: iterate until stable
  for (let iter = 0; iter < 5; iter++) {
    let off = align8(12 + header.length + 64);
    for (const e of entries) {
      e.offset = off;
      off = align8(off + arrays[e.name].byteLength);
    }
    const h2 = mkHeader();
    if (h2.length === header.length) {
      header = h2;
      break;
    }
    header = h2;
  }
  const last = entries[entries.length - 1];
  const total = align8(last.offset + arrays[last.name].byteLength);
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, ARTEFACT_VERSION, true);
  dv.setUint32(8, header.length, true);
  out.set(header, 12);
  if (12 + header.length > entries[0].offset) throw new Error('artefact header overflow');
  for (const e of entries) {
    const a = arrays[e.name];
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), e.offset);
  }
  return opts.gzip ? new Uint8Array(gzipSync(out, { level: 6 })) : out;
}

function align8(x: number): number {
  return (x + 7) & ~7;
}

export function deserializeGraph(bytes: Uint8Array): GraphData {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = new Uint8Array(gunzipSync(bytes));
  if (bytes.length < 12) throw new RoutingInputError('not a Waymark road network artefact (too short)');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) throw new RoutingInputError('not a Waymark road network artefact (bad magic)');
  const version = dv.getUint32(4, true);
  if (version === 1)
    throw new RoutingInputError(
      'road network artefact version 1 predates turn restrictions and barriers: import the region again (npm run network -- import <file>)',
    );
  if (version === 2)
    throw new RoutingInputError(
      'road network artefact version 2 predates the compressed graph (chains of shape nodes as one edge): import the region again (npm run network -- import <file>)',
    );
  if (version !== ARTEFACT_VERSION) throw new RoutingInputError(`unsupported artefact version ${version}`);
  const hlen = dv.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + hlen))) as {
    meta: GraphData['meta'];
    names: string[];
    conditions?: Record<number, string>;
    arrays: Array<{ name: ArrayName; type: CtorName; offset: number; length: number }>;
  };
  // copy into an aligned buffer if needed
  let base = bytes;
  if (bytes.byteOffset % 8 !== 0) base = bytes.slice();
  const arrays: Record<string, AnyTyped> = {};
  for (const e of header.arrays) {
    const C = CTORS[e.type];
    if (!C) throw new RoutingInputError(`artefact: unknown array type ${e.type}`);
    const bpe = C.BYTES_PER_ELEMENT;
    if (e.offset + e.length * bpe > base.byteLength) throw new RoutingInputError('artefact truncated');
    arrays[e.name] = new C(base.buffer as ArrayBuffer, base.byteOffset + e.offset, e.length);
  }
  return {
    meta: header.meta,
    names: header.names,
    lat: fromE7(arrays.lat7 as Int32Array),
    lon: fromE7(arrays.lon7 as Int32Array),
    firstOut: arrays.firstOut as Uint32Array,
    head: arrays.head as Uint32Array,
    length: arrays.length as Float32Array,
    speedCar: arrays.speedCar as Uint8Array,
    speedTruck: arrays.speedTruck as Uint8Array,
    roadClass: arrays.roadClass as Uint8Array,
    flags: arrays.flags as Uint8Array,
    maxspeed: arrays.maxspeed as Uint8Array,
    maxweight: arrays.maxweight as Float32Array,
    maxheight: arrays.maxheight as Float32Array,
    maxwidth: arrays.maxwidth as Float32Array,
    maxlength: arrays.maxlength as Float32Array,
    nameIdx: arrays.nameIdx as Int32Array,
    nodeFlags: arrays.nodeFlags as Uint8Array,
    shapeStart: arrays.shapeStart as Uint32Array,
    shapeLat: fromE7(arrays.shapeLat7 as Int32Array),
    shapeLon: fromE7(arrays.shapeLon7 as Int32Array),
    restrictions: {
      start: arrays.restrictionStart as Uint32Array,
      edges: arrays.restrictionEdges as Uint32Array,
      kind: arrays.restrictionKind as Uint8Array,
      conditions: header.conditions ?? {},
    },
  };
}
