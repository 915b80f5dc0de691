// A region's points of interest, written beside its road network and address index by
// `npm run network -- import` (an .osm.pbf), loaded by the discover and browse functions.

import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

export interface PoiRecord {
  name: string;
  /** "key=value" (categories.ts). */
  category: string;
  lat: number;
  lon: number;
  street: string;
  house: string;
  postcode: string;
  city: string;
  /** OSM opening_hours as tagged. */
  hours: string;
  phone: string;
  website: string;
  /** More words a search finds it by: cuisine, brand. */
  words: string;
}

export const POI_FORMAT = 'waymark-pois-v1';
/** `<region>.pois.tsv.gz`, beside the region's road network artefact. */
export const POI_FILE_SUFFIX = '.pois.tsv.gz';

const COLUMNS = ['name', 'category', 'street', 'house', 'postcode', 'city', 'hours', 'phone', 'website', 'words'] as const;
const clean = (s: string) => s.replace(/[\t\n\r]/g, ' ');

/** Gzipped lines of the text columns then lat and lon, tab-separated, under a format line. */
export function writePois(path: string, region: string, records: readonly PoiRecord[]): number {
  const lines = [`#${POI_FORMAT}\t${clean(region)}`];
  for (const r of records) lines.push([...COLUMNS.map((c) => clean(r[c])), r.lat.toFixed(7), r.lon.toFixed(7)].join('\t'));
  const bytes = gzipSync(lines.join('\n') + '\n');
  writeFileSync(path, bytes);
  return bytes.length;
}

export function readPois(path: string): { region: string; records: PoiRecord[] } {
  const text = gunzipSync(readFileSync(path)).toString('utf8');
  if (!text.startsWith(`#${POI_FORMAT}\t`)) throw new Error(`pois: ${path} is not a ${POI_FORMAT} file; import the region again`);
  const nl = text.indexOf('\n');
  const region = text.slice(POI_FORMAT.length + 2, nl);
  const records: PoiRecord[] = [];
  for (const line of text.slice(nl + 1).split('\n')) {
    if (!line) continue;
    const f = line.split('\t');
    const r = Object.fromEntries(COLUMNS.map((c, i) => [c, f[i]])) as Omit<PoiRecord, 'lat' | 'lon'>;
    records.push({ ...r, lat: +f[COLUMNS.length], lon: +f[COLUMNS.length + 1] });
  }
  return { region, records };
}
