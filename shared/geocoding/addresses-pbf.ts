// Address points and named places of an OpenStreetMap extract, for the per-region address
// index (addresses.ts). Nodes and ways tagged addr:housenumber + addr:street (a way is placed
// at the mean of its nodes) and named place=* nodes. Two passes over the file's blobs, read
// with the road importer's PBF block reader.

import { blobData, checkHeader, readBlock, scanBlobs, type Block } from '../routing/import-pbf';
import type { AddressRecord } from './addresses';

type Tags = Record<string, string>;
type Pending = { street: string; house: string; postcode: string; city: string; refs: number[] };

/** The address or named place a node's or way's tags describe, without its position. */
function describe(tags: Tags): Omit<AddressRecord, 'lat' | 'lon'> | undefined {
  const house = tags['addr:housenumber'];
  const street = tags['addr:street'] ?? tags['addr:place'];
  if (house && street) return { kind: 'A', street, house, postcode: tags['addr:postcode'] ?? '', city: tags['addr:city'] ?? '' };
  if (tags.place && tags.name) return { kind: 'P', street: tags.name, house: tags.place, postcode: '', city: '' };
  return undefined;
}

function tagsOf(block: Block, keys: number[], vals: number[]): Tags {
  const tags: Tags = {};
  for (let i = 0; i < keys.length; i++) tags[block.strings[keys[i]]] = block.strings[vals[i]];
  return tags;
}

/** Calls `visit` with every node of the block: id, position and tags (dense and plain nodes). */
function eachNode(
  block: Block,
  pbf: ReturnType<typeof readBlock>['pbf'],
  visit: (id: number, lat: number, lon: number, tags: () => Tags) => void,
) {
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
          // keys_vals: key, value, ..., 0 per node
          const from = k;
          while (k < kv.length && kv[k] !== 0) k += 2;
          const to = k;
          k++;
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

/** Every address point and named place of an .osm.pbf file's bytes. */
export function addressesFromOsmPbf(buf: Uint8Array): AddressRecord[] {
  const blobs = scanBlobs(buf);
  checkHeader(blobData(buf, blobs[0]));
  const out: AddressRecord[] = [];
  const ways: Pending[] = [];
  const wanted = new Map<number, { lat: number; lon: number } | null>();
  // pass 1: tagged nodes, and the ways that carry an address
  for (let bi = 1; bi < blobs.length; bi++) {
    if (blobs[bi].type !== 'OSMData') continue;
    const { pbf, block } = readBlock(blobData(buf, blobs[bi]));
    eachNode(block, pbf, (_id, lat, lon, tags) => {
      const found = describe(tags());
      if (found) out.push({ ...found, lat, lon });
    });
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
        let keys: number[] = [];
        let vals: number[] = [];
        let refs: number[] = [];
        while (pbf.pos < end) {
          const wt = pbf.readVarint();
          pbf.type = wt & 7;
          const f = wt >> 3;
          if (f === 2) keys = pbf.readPackedVarint();
          else if (f === 3) vals = pbf.readPackedVarint();
          else if (f === 8) refs = pbf.readPackedSVarint();
          else pbf.skip(wt & 7);
        }
        const found = describe(tagsOf(block, keys, vals));
        if (!found || found.kind !== 'A' || !refs.length) continue;
        let id = 0;
        const ids = refs.map((d) => (id += d));
        for (const n of ids) wanted.set(n, null);
        ways.push({ street: found.street, house: found.house, postcode: found.postcode, city: found.city, refs: ids });
      }
    }
  }
  if (!ways.length) return out;
  // pass 2: positions of the address ways' nodes
  for (let bi = 1; bi < blobs.length; bi++) {
    if (blobs[bi].type !== 'OSMData') continue;
    const { pbf, block } = readBlock(blobData(buf, blobs[bi]));
    eachNode(block, pbf, (id, lat, lon) => {
      if (wanted.has(id)) wanted.set(id, { lat, lon });
    });
  }
  for (const w of ways) {
    const points = w.refs.map((r) => wanted.get(r)).filter((p): p is { lat: number; lon: number } => !!p);
    if (!points.length) continue;
    const lat = points.reduce((s, p) => s + p.lat, 0) / points.length;
    const lon = points.reduce((s, p) => s + p.lon, 0) / points.length;
    out.push({ kind: 'A', street: w.street, house: w.house, postcode: w.postcode, city: w.city, lat, lon });
  }
  return out;
}
