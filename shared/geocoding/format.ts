// Shared between the build script and the runtime loader: artefact format, selection rule
// and text folding. Pure, no I/O.

export const ARTEFACT_FORMAT = 'waymark-gazetteer-v3';
/** Column order of the artefact (one line per column). */
export const ARTEFACT_COLUMNS = [
  'geonameid',
  'name',
  'keys',
  'lat',
  'lon',
  'fcode',
  'country',
  'admin1code',
  'admin1',
  'admin2',
  'population',
] as const;

/** Feature codes that are capitals / seats of government or first-order admin seats. */
export const CAPITAL_CODES = new Set(['PPLC', 'PPLG']);
export const ADMIN_SEAT_CODES = new Set(['PPLA']);
/** Historical, abandoned or destroyed places are never kept. */
const DROPPED_CODES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/** Selection rule of the default dataset: population >= 1000, or a capital / first-order seat. */
export function isKeptFeature(fcode: string, population: number): boolean {
  if (DROPPED_CODES.has(fcode)) return false;
  return population >= 1000 || CAPITAL_CODES.has(fcode) || ADMIN_SEAT_CODES.has(fcode);
}

/**
 * Cap on Latin-script alternate names kept per place. Bigger places have more (and more
 * useful) ones; for places under 10,000 inhabitants they are mostly transliterations nobody
 * types, and leaving them out keeps the index (and the cold start) about a third smaller.
 */
export function maxAltNames(population: number, fcode: string): number {
  if (population >= 1_000_000 || CAPITAL_CODES.has(fcode)) return 48;
  if (population >= 100_000) return 16;
  if (population >= 10_000 || ADMIN_SEAT_CODES.has(fcode)) return 6;
  return 0;
}

const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ı: 'i',
  þ: 'th',
  ð: 'd',
  ħ: 'h',
  ŧ: 't',
};
const SPECIAL_RE = /[ßøæœłđıþðħŧ]/g;

/**
 * Folds text for matching: lower case, diacritics removed, a few letters transliterated,
 * punctuation turned into single spaces, trimmed. "São Paulo" -> "sao paulo", "St. Louis" -> "st louis".
 */
export function foldText(s: string): string {
  return s
    .toLowerCase()
    .replace(SPECIAL_RE, (ch) => SPECIAL[ch] ?? ch)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
