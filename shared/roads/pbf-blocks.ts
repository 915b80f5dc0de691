/**
 * OSM PBF blocks (pure): the file's blobs, their decompression, and the ways, nodes and relations
 * of a primitive block (relations in pbf-relations.ts), decoded with `pbf` and node:zlib. Blobs must be raw or zlib (the common
 * case); lzma/zstd/lz4 blobs are refused with a clear error.
 */
import Pbf from 'pbf';
import { inflateSync } from 'node:zlib';
import { RoutingInputError } from './types';

export interface BlobRef {
  type: string;
  start: number;
  end: number;
}

function readHeaderFields(tag: number, r: { type: string; datasize: number }, pbf: Pbf): void {
  if (tag === 1) r.type = pbf.readString();
  else if (tag === 3) r.datasize = pbf.readVarint();
}

/** Split the file into blobs without decoding them. */
export function scanBlobs(buf: Uint8Array): BlobRef[] {
  const out: BlobRef[] = [];
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let p = 0;
  while (p < buf.length) {
    if (p + 4 > buf.length) throw new RoutingInputError('OSM PBF: truncated blob header length');
    const hlen = dv.getUint32(p, false);
    p += 4;
    if (hlen > 64 * 1024 || p + hlen > buf.length) throw new RoutingInputError('OSM PBF: invalid blob header');
    const h = blobHeader(buf.subarray(p, p + hlen));
    p += hlen;
    if (p + h.datasize > buf.length) throw new RoutingInputError('OSM PBF: truncated blob');
    out.push({ type: h.type, start: p, end: p + h.datasize });
    p += h.datasize;
  }
  return out;
}

/** Parse one blob header (the bytes after its 4-byte length): its type and the size of the blob after it. */
export function blobHeader(bytes: Uint8Array): { type: string; datasize: number } {
  return new Pbf(bytes).readFields(readHeaderFields, { type: '', datasize: 0 });
}

export function blobData(buf: Uint8Array, b: BlobRef): Uint8Array {
  return decodeBlob(buf.subarray(b.start, b.end));
}

/** Decompress one blob given its own bytes, so a reader can hold a single blob at a time. */
export function decodeBlob(bytes: Uint8Array): Uint8Array {
  const r = { raw: null as Uint8Array | null, zlib: null as Uint8Array | null, other: 0 };
  new Pbf(bytes).readFields((tag, res: typeof r, pbf) => {
    if (tag === 1) res.raw = pbf.readBytes();
    else if (tag === 3) res.zlib = pbf.readBytes();
    else if (tag === 4 || tag === 6 || tag === 7) {
      res.other = tag;
      pbf.skip(pbf.type);
    }
  }, r);
  if (r.raw) return r.raw;
  if (r.zlib) return new Uint8Array(inflateSync(r.zlib));
  throw new RoutingInputError(
    `OSM PBF: unsupported blob compression (${r.other === 4 ? 'lzma' : r.other === 6 ? 'lz4' : r.other === 7 ? 'zstd' : 'none'}); re-encode with zlib (osmium cat -f pbf,pbf_compression=zlib)`,
  );
}

const SUPPORTED_FEATURES = new Set(['OsmSchema-V0.6', 'DenseNodes', 'HistoricalInformation', 'Sort.Type_then_ID', 'Sort.Geographic']);

export function checkHeader(data: Uint8Array): void {
  const req: string[] = [];
  new Pbf(data).readFields((tag, r: string[], pbf) => {
    if (tag === 4) r.push(pbf.readString());
  }, req);
  for (const f of req) if (!SUPPORTED_FEATURES.has(f)) throw new RoutingInputError(`OSM PBF: unsupported required feature ${f}`);
}

export interface Block {
  strings: string[];
  granularity: number;
  latOffset: number;
  lonOffset: number;
  groups: Array<[number, number]>;
}

export function readBlock(data: Uint8Array): { pbf: Pbf; block: Block } {
  const pbf = new Pbf(data);
  const block: Block = { strings: [], granularity: 100, latOffset: 0, lonOffset: 0, groups: [] };
  pbf.readFields((tag, b: Block, p) => {
    if (tag === 1) {
      const end = p.readVarint() + p.pos;
      while (p.pos < end) {
        const t = p.readVarint();
        p.type = t & 7;
        if (t >> 3 === 1) {
          const bytes = p.readBytes();
          b.strings.push(new TextDecoder().decode(bytes));
        } else p.skip(t & 7);
      }
    } else if (tag === 2) {
      const len = p.readVarint();
      b.groups.push([p.pos, p.pos + len]);
      p.pos += len;
    } else if (tag === 17) b.granularity = p.readVarint();
    else if (tag === 19) b.latOffset = p.readVarint(true);
    else if (tag === 20) b.lonOffset = p.readVarint(true);
  }, block);
  return { pbf, block };
}

export type PbfReader = ReturnType<typeof readBlock>['pbf'];
type Reader = PbfReader;
export type Tags = Record<string, string>;

/** Every way of a block: its tags on demand, its node references (delta-decoded) and its id. */
export function eachWay(block: Block, pbf: Reader, visit: (tags: () => Tags, refs: number[], id: number) => void): void {
  for (const [gs, ge] of block.groups) {
    pbf.pos = gs;
    while (pbf.pos < ge) {
      const t = pbf.readVarint();
      pbf.type = t & 7;
      if (t >> 3 !== 3) {
        pbf.skip(t & 7);
        continue;
      }
      const end = pbf.readVarint() + pbf.pos;
      let wayId = 0;
      let keys: number[] = [];
      let vals: number[] = [];
      let refs: number[] = [];
      while (pbf.pos < end) {
        const wt = pbf.readVarint();
        pbf.type = wt & 7;
        const f = wt >> 3;
        if (f === 1) wayId = pbf.readVarint(true);
        else if (f === 2) keys = pbf.readPackedVarint();
        else if (f === 3) vals = pbf.readPackedVarint();
        else if (f === 8) refs = pbf.readPackedSVarint();
        else pbf.skip(wt & 7);
      }
      let id = 0;
      for (let i = 0; i < refs.length; i++) refs[i] = id += refs[i];
      visit(() => tagsOf(block, keys, vals), refs, wayId);
    }
  }
}

export function tagsOf(block: Block, keys: number[], vals: number[]): Tags {
  const tags: Tags = {};
  for (let i = 0; i < keys.length; i++) tags[block.strings[keys[i]]] = block.strings[vals[i]];
  return tags;
}

/** Every node of a block (dense and plain): id, position, and its tags on demand. */
export function eachNode(block: Block, pbf: Reader, visit: (id: number, lat: number, lon: number, tags: () => Tags) => void): void {
  const g = block.granularity * 1e-9;
  const lao = block.latOffset * 1e-9;
  const loo = block.lonOffset * 1e-9;
  for (const [gs, ge] of block.groups) {
    pbf.pos = gs;
    while (pbf.pos < ge) {
      const t = pbf.readVarint();
      pbf.type = t & 7;
      const f = t >> 3;
      if (f !== 1 && f !== 2) {
        pbf.skip(t & 7);
        continue;
      }
      const end = pbf.readVarint() + pbf.pos;
      if (f === 2) {
        let ids: number[] = [];
        let lats: number[] = [];
        let lons: number[] = [];
        let kv: number[] = [];
        while (pbf.pos < end) {
          const wt = pbf.readVarint();
          pbf.type = wt & 7;
          const ff = wt >> 3;
          if (ff === 1) ids = pbf.readPackedSVarint();
          else if (ff === 8) lats = pbf.readPackedSVarint();
          else if (ff === 9) lons = pbf.readPackedSVarint();
          else if (ff === 10) kv = pbf.readPackedVarint();
          else pbf.skip(wt & 7);
        }
        let id = 0;
        let la = 0;
        let lo = 0;
        let k = 0;
        for (let i = 0; i < ids.length; i++) {
          id += ids[i];
          la += lats[i];
          lo += lons[i];
          // keys_vals: key, value, ..., 0 per node (absent when no node of the block has tags)
          const from = k;
          while (k < kv.length && kv[k] !== 0) k += 2;
          const to = k++;
          visit(id, lao + g * la, loo + g * lo, () => {
            const tags: Tags = {};
            for (let j = from; j < to; j += 2) tags[block.strings[kv[j]]] = block.strings[kv[j + 1]];
            return tags;
          });
        }
      } else {
        let id = 0;
        let la = 0;
        let lo = 0;
        let keys: number[] = [];
        let vals: number[] = [];
        while (pbf.pos < end) {
          const wt = pbf.readVarint();
          pbf.type = wt & 7;
          const ff = wt >> 3;
          if (ff === 1) id = pbf.readSVarint();
          else if (ff === 2) keys = pbf.readPackedVarint();
          else if (ff === 3) vals = pbf.readPackedVarint();
          else if (ff === 8) la = pbf.readSVarint();
          else if (ff === 9) lo = pbf.readSVarint();
          else pbf.skip(wt & 7);
        }
        visit(id, lao + g * la, loo + g * lo, () => tagsOf(block, keys, vals));
      }
    }
  }
}
