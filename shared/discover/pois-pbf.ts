// The named points of interest of an OpenStreetMap extract (categories.ts says which tags make
// one): nodes, and ways placed at the mean of their nodes (a shop drawn as its building). Two
// passes over the file's blobs with the road importer's PBF readers, as the address index does.

import { blobData, checkHeader, eachNode, eachWay, readBlock, scanBlobs, type Tags } from '../roads/import-pbf';
import { categoryOf } from './categories';
import type { PoiRecord } from './pois';

type Described = Omit<PoiRecord, 'lat' | 'lon'>;

function describe(tags: Tags): Described | undefined {
  const name = tags.name;
  const category = name ? categoryOf(tags) : undefined;
  if (!name || !category) return undefined;
  return {
    name,
    category,
    street: tags['addr:street'] ?? '',
    house: tags['addr:housenumber'] ?? '',
    postcode: tags['addr:postcode'] ?? '',
    city: tags['addr:city'] ?? '',
    hours: tags.opening_hours ?? '',
    phone: tags.phone ?? tags['contact:phone'] ?? '',
    website: tags.website ?? tags['contact:website'] ?? '',
    words: [tags.cuisine, tags.brand].filter(Boolean).join(' ').replace(/[;_]/g, ' '),
  };
}

export function poisFromOsmPbf(buf: Uint8Array): PoiRecord[] {
  const blobs = scanBlobs(buf);
  checkHeader(blobData(buf, blobs[0]));
  const data = blobs.slice(1).filter((b) => b.type === 'OSMData');
  const out: PoiRecord[] = [];
  const ways: Array<{ poi: Described; refs: number[] }> = [];
  const wanted = new Map<number, { lat: number; lon: number } | null>();
  for (const blob of data) {
    const { pbf, block } = readBlock(blobData(buf, blob));
    eachNode(block, pbf, (_id, lat, lon, tags) => {
      const poi = describe(tags());
      if (poi) out.push({ ...poi, lat, lon });
    });
    eachWay(block, pbf, (tags, refs) => {
      const poi = refs.length ? describe(tags()) : undefined;
      if (!poi) return;
      for (const n of refs) wanted.set(n, null);
      ways.push({ poi, refs });
    });
  }
  if (!ways.length) return out;
  for (const blob of data) {
    const { pbf, block } = readBlock(blobData(buf, blob));
    eachNode(block, pbf, (id, lat, lon) => {
      if (wanted.has(id)) wanted.set(id, { lat, lon });
    });
  }
  for (const { poi, refs } of ways) {
    const points = refs.map((r) => wanted.get(r)).filter((p): p is { lat: number; lon: number } => !!p);
    if (!points.length) continue;
    out.push({
      ...poi,
      lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
      lon: points.reduce((s, p) => s + p.lon, 0) / points.length,
    });
  }
  return out;
}
