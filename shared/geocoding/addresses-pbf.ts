// Address points and named places of an OpenStreetMap extract, for the per-region address
// index (addresses.ts): nodes and ways tagged addr:housenumber + addr:street (a way is placed
// at the mean of its node references) and named place=* nodes. Two passes over the file's
// blobs with the road importer's PBF readers.

import { blobData, checkHeader, eachNode, eachWay, readBlock, scanBlobs, type Tags } from '../roads/import-pbf';
import type { AddressRecord } from './addresses';

type Described = Omit<AddressRecord, 'lat' | 'lon'>;

/** The address or named place a node's or way's tags describe, without its position. */
function describe(tags: Tags): Described | undefined {
  const house = tags['addr:housenumber'];
  const street = tags['addr:street'] ?? tags['addr:place'];
  if (house && street) return { kind: 'A', street, house, postcode: tags['addr:postcode'] ?? '', city: tags['addr:city'] ?? '' };
  if (tags.place && tags.name) return { kind: 'P', street: tags.name, house: tags.place, postcode: '', city: '' };
  return undefined;
}

/** Every address point and named place of an .osm.pbf file's bytes. */
export function addressesFromOsmPbf(buf: Uint8Array): AddressRecord[] {
  const blobs = scanBlobs(buf);
  checkHeader(blobData(buf, blobs[0]));
  const data = blobs.slice(1).filter((b) => b.type === 'OSMData');
  const out: AddressRecord[] = [];
  const ways: Array<{ address: Described; refs: number[] }> = [];
  const wanted = new Map<number, { lat: number; lon: number } | null>();
  // pass 1: tagged nodes, and the ways that carry an address
  for (const blob of data) {
    const { pbf, block } = readBlock(blobData(buf, blob));
    eachNode(block, pbf, (_id, lat, lon, tags) => {
      const found = describe(tags());
      if (found) out.push({ ...found, lat, lon });
    });
    eachWay(block, pbf, (tags, refs) => {
      const address = refs.length ? describe(tags()) : undefined;
      if (address?.kind !== 'A') return;
      for (const n of refs) wanted.set(n, null);
      ways.push({ address, refs });
    });
  }
  if (!ways.length) return out;
  // pass 2: positions of the address ways' nodes
  for (const blob of data) {
    const { pbf, block } = readBlock(blobData(buf, blob));
    eachNode(block, pbf, (id, lat, lon) => {
      if (wanted.has(id)) wanted.set(id, { lat, lon });
    });
  }
  for (const { address, refs } of ways) {
    const points = refs.map((r) => wanted.get(r)).filter((p): p is { lat: number; lon: number } => !!p);
    if (!points.length) continue;
    const lat = points.reduce((s, p) => s + p.lat, 0) / points.length;
    const lon = points.reduce((s, p) => s + p.lon, 0) / points.length;
    out.push({ ...address, lat, lon });
  }
  return out;
}
