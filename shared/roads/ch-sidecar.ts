/**
 * A stored contraction hierarchy: the sidecar file (`<region>.<tag>.wmch`) beside an artefact,
 * so that a country's hierarchy is built once by `npm run network -- build` and read by every
 * process that loads the network, instead of at a server's first query. Pure (no file I/O).
 *   bytes 0..3   magic "WMCH"
 *   bytes 4..7   format version (uint32 LE) = 2 (1 numbered the arrays by turn-graph node; 2 by
 *                rank, each node's edges sorted by head, see ch-query.ts: a version-1 sidecar
 *                is refused and built again)
 *   bytes 8..11  header length H (uint32 LE)
 *   bytes 12..   header: UTF-8 JSON (SidecarHeader)
 *   then the arrays of CHArrays, each at an 8-byte aligned offset, little endian.
 * The header names the artefact it was built from (size and SHA-256) and the metric's cache key,
 * and carries the SHA-256 of everything after it: a sidecar of another artefact, of another
 * metric, or damaged is refused (the hierarchy is then built as without one), never used.
 */
import { createHash } from 'node:crypto';
import { ContractionHierarchy, type CHArrays } from './ch-query';
import { RoutingInputError } from './types';

const MAGIC = 0x48434d57; // "WMCH" little endian
export const SIDECAR_VERSION = 2;
export const SIDECAR_SUFFIX = '.wmch';

/** Which artefact file a sidecar belongs to. */
export interface ArtefactId {
  bytes: number;
  sha256: string;
}

const ARRAYS = [
  ['rank', 'Uint32Array'],
  ['fFirst', 'Uint32Array'],
  ['fHead', 'Uint32Array'],
  ['fCost', 'Float64Array'],
  ['fDur', 'Float64Array'],
  ['fLen', 'Float64Array'],
  ['fMid', 'Int32Array'],
  ['bFirst', 'Uint32Array'],
  ['bHead', 'Uint32Array'],
  ['bCost', 'Float64Array'],
  ['bDur', 'Float64Array'],
  ['bLen', 'Float64Array'],
  ['bMid', 'Int32Array'],
] as const satisfies ReadonlyArray<readonly [keyof CHArrays, string]>;

const CTORS = { Uint32Array, Int32Array, Float64Array } as const;

export interface SidecarHeader {
  /** The metric cache key the hierarchy was built for (profile, period, options). */
  key: string;
  artefact: ArtefactId;
  /** Turn-graph states and transitions it was built on. */
  states: number;
  transitions: number;
  inputEdges: number;
  shortcuts: number;
  buildMs: number;
  createdAt: string;
  payloadSha256: string;
  arrays: Array<{ name: keyof CHArrays; type: keyof typeof CTORS; offset: number; length: number }>;
}

const align8 = (x: number) => (x + 7) & ~7;

/** What a built hierarchy was made of, to write beside it. */
export interface SidecarSource {
  key: string;
  artefact: ArtefactId;
  transitions: number;
}

/** The sidecar's bytes, in one buffer (tests, small networks); sidecarPieces writes the same. */
export function serializeHierarchy(ch: ContractionHierarchy, src: SidecarSource): Uint8Array {
  const pieces = sidecarPieces(ch, src);
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The sidecar as pieces to write one after another: the header, then a view of each array and its
 * zero padding. No array is copied: a country's hierarchy is 2 GB, and a body copied into one
 * buffer and again behind its header held two more of it at the end of a build (9.2 GB at 20 M).
 */
export function sidecarPieces(ch: ContractionHierarchy, src: SidecarSource): Uint8Array[] {
  const arrays = ARRAYS.map(([name, type]) => ({ name, type, offset: 0, length: ch[name].length }));
  const body: Uint8Array[] = [];
  const hash = createHash('sha256');
  let payload = 0;
  for (const a of arrays) {
    const t = ch[a.name];
    a.offset = payload;
    const view = new Uint8Array(t.buffer, t.byteOffset, t.byteLength);
    const pad = new Uint8Array(align8(payload + t.byteLength) - payload - t.byteLength);
    body.push(view, pad);
    hash.update(view).update(pad);
    payload += view.length + pad.length;
  }
  const header: SidecarHeader = {
    key: src.key,
    artefact: src.artefact,
    states: ch.n,
    transitions: src.transitions,
    inputEdges: ch.stats.inputEdges,
    shortcuts: ch.stats.shortcuts,
    buildMs: ch.stats.buildMs,
    createdAt: new Date().toISOString(),
    payloadSha256: hash.digest('hex'),
    arrays,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const head = new Uint8Array(align8(12 + json.length));
  const dv = new DataView(head.buffer);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, SIDECAR_VERSION, true);
  dv.setUint32(8, json.length, true);
  head.set(json, 12);
  return [head, ...body];
}

/** The header of a sidecar (throws RoutingInputError when the bytes are not one). */
export function sidecarHeader(bytes: Uint8Array): SidecarHeader {
  if (bytes.length < 12) throw new RoutingInputError('not a Waymark hierarchy sidecar (too short)');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) throw new RoutingInputError('not a Waymark hierarchy sidecar (bad magic)');
  const version = dv.getUint32(4, true);
  if (version !== SIDECAR_VERSION)
    throw new RoutingInputError(`hierarchy sidecar version ${version} is not ${SIDECAR_VERSION}: build it again`);
  const hlen = dv.getUint32(8, true);
  if (12 + hlen > bytes.length) throw new RoutingInputError('hierarchy sidecar truncated (header)');
  try {
    return JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + hlen))) as SidecarHeader;
  } catch {
    throw new RoutingInputError('hierarchy sidecar header is not JSON');
  }
}

/** What the loading network expects of a sidecar. */
export interface SidecarExpectation {
  key: string;
  artefact: ArtefactId;
  states: number;
  transitions: number;
}

/**
 * The stored hierarchy, as views on `bytes` (no per-element work beyond the checksum), or a
 * RoutingInputError saying why it may not be used.
 */
export function deserializeHierarchy(bytes: Uint8Array, want: SidecarExpectation): ContractionHierarchy {
  const t0 = Date.now();
  const h = sidecarHeader(bytes);
  if (h.artefact?.bytes !== want.artefact.bytes || h.artefact?.sha256 !== want.artefact.sha256)
    throw new RoutingInputError('hierarchy sidecar was built from another artefact (stale): build it again');
  if (h.key !== want.key) throw new RoutingInputError(`hierarchy sidecar is for metric "${h.key}", not "${want.key}"`);
  if (h.states !== want.states || h.transitions !== want.transitions)
    throw new RoutingInputError(
      `hierarchy sidecar has ${h.states} states / ${h.transitions} transitions, the network ${want.states} / ${want.transitions}`,
    );
  const start = align8(12 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true));
  const body = bytes.subarray(start);
  if (createHash('sha256').update(body).digest('hex') !== h.payloadSha256)
    throw new RoutingInputError('hierarchy sidecar is damaged (checksum mismatch)');
  // typed arrays need aligned offsets: copy once when the buffer's own is not
  const base = body.byteOffset % 8 === 0 ? body : body.slice();
  const out: Partial<Record<keyof CHArrays, unknown>> = {};
  for (const [name, type] of ARRAYS) {
    const e = h.arrays.find((a) => a.name === name);
    if (!e || e.type !== type) throw new RoutingInputError(`hierarchy sidecar lacks array ${name}`);
    const C = CTORS[type];
    if (e.offset % 8 !== 0 || e.offset + e.length * C.BYTES_PER_ELEMENT > base.byteLength)
      throw new RoutingInputError('hierarchy sidecar truncated');
    out[name] = new C(base.buffer as ArrayBuffer, base.byteOffset + e.offset, e.length);
  }
  const a = out as CHArrays;
  if (a.rank.length !== h.states || a.fFirst.length !== h.states + 1 || a.bFirst.length !== h.states + 1)
    throw new RoutingInputError('hierarchy sidecar arrays do not match its state count');
  if (a.fFirst[h.states] !== a.fHead.length || a.bFirst[h.states] !== a.bHead.length)
    throw new RoutingInputError('hierarchy sidecar arrays do not match its edge counts');
  if (!sortedByHead(a.fFirst, a.fHead) || !sortedByHead(a.bFirst, a.bHead))
    throw new RoutingInputError('hierarchy sidecar edges are not sorted by head: build it again');
  return new ContractionHierarchy(a, {
    nodes: h.states,
    inputEdges: h.inputEdges,
    shortcuts: h.shortcuts,
    buildMs: Date.now() - t0,
    loaded: true,
  });
}

/** Whether every node's edge list climbs by head, as unpacking a path relies on (ch-query.ts). */
function sortedByHead(first: Uint32Array, head: Uint32Array): boolean {
  for (let v = 0; v + 1 < first.length; v++) for (let e = first[v] + 1; e < first[v + 1]; e++) if (head[e] < head[e - 1]) return false;
  return true;
}
