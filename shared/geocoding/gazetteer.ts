// Loads the default dataset artefact (data/gazetteer.tsv.gz, built by `npm run build:gazetteer`)
// into compact column arrays. Pure apart from reading the file; no network.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { ADMIN_SEAT_CODES, ARTEFACT_COLUMNS, ARTEFACT_FORMAT, CAPITAL_CODES } from './format';

export interface CountryInfo {
  alpha2: string;
  alpha3: string;
  name: string;
  /** Other English names ("USA", "Turkey", "Holland"). */
  aliases: string[];
}

/** Column store of the default dataset. Index i is the internal document number. */
export interface Gazetteer {
  size: number;
  geonameId: string[];
  name: string[];
  /** Search keys: folded main name first, then folded ascii / alternate names, "|"-joined. */
  keys: string[];
  lat: Float64Array;
  lon: Float64Array;
  population: Float64Array;
  fcode: string[];
  /** Index into `countries`. */
  country: Uint16Array;
  admin1Code: string[];
  admin1: string[];
  admin2: string[];
  countries: CountryInfo[];
}

/** Where the artefact lives: env WAYMARK_GAZETTEER_PATH wins, else next to this module. */
export function defaultArtefactPath(): string {
  const fromEnv = process.env.WAYMARK_GAZETTEER_PATH;
  if (fromEnv) return fromEnv;
  return fileURLToPath(new URL('./data/gazetteer.tsv.gz', import.meta.url));
}

export function loadGazetteer(path: string = defaultArtefactPath()): Gazetteer {
  return parseGazetteer(gunzipSync(readFileSync(path)).toString('utf8'));
}

export function parseGazetteer(text: string): Gazetteer {
  if (!text.startsWith(`#${ARTEFACT_FORMAT}`)) {
    throw new Error(`gazetteer: unknown artefact format (expected ${ARTEFACT_FORMAT}); rebuild with npm run build:gazetteer`);
  }
  const countries: CountryInfo[] = [];
  const countryIndex = new Map<string, number>();
  const columns = new Map<string, string[]>();
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (text.startsWith('#C\t', start)) {
      const [, alpha2, alpha3, name, aliases] = text.slice(start, end).split('\t');
      countryIndex.set(alpha2, countries.length);
      countries.push({ alpha2, alpha3, name, aliases: aliases ? aliases.split('|') : [] });
    } else if (text[start] === '@') {
      const tab = text.indexOf('\t', start);
      columns.set(text.slice(start + 1, tab), text.slice(tab + 1, end).split('\t'));
    }
    start = end + 1;
  }
  const col = (name: (typeof ARTEFACT_COLUMNS)[number]): string[] => {
    const c = columns.get(name);
    if (!c) throw new Error(`gazetteer: artefact lacks column ${name}`);
    return c;
  };
  const n = col('geonameid').length;
  for (const name of ARTEFACT_COLUMNS)
    if (col(name).length !== n) throw new Error(`gazetteer: column ${name} has ${col(name).length} values, expected ${n}`);
  const numbers = (name: (typeof ARTEFACT_COLUMNS)[number]) => {
    const src = col(name);
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = +src[i];
    return out;
  };
  const cc = col('country');
  const country = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const ci = countryIndex.get(cc[i]);
    if (ci === undefined) throw new Error(`gazetteer: place ${col('geonameid')[i]} has unknown country ${cc[i]}`);
    country[i] = ci;
  }
  return {
    size: n,
    geonameId: col('geonameid'),
    name: col('name'),
    keys: col('keys'),
    lat: numbers('lat'),
    lon: numbers('lon'),
    population: numbers('population'),
    fcode: col('fcode'),
    country,
    admin1Code: col('admin1code'),
    admin1: col('admin1'),
    admin2: col('admin2'),
    countries,
  };
}

/** Importance in [0, 1]: log population (20 M -> 1) plus a bonus for capitals and admin seats. */
export function placeImportance(population: number, fcode: string): number {
  let v = Math.log10(population + 1) / 7.3;
  if (CAPITAL_CODES.has(fcode)) v += 0.15;
  else if (ADMIN_SEAT_CODES.has(fcode)) v += 0.07;
  return v > 1 ? 1 : v < 0 ? 0 : v;
}
