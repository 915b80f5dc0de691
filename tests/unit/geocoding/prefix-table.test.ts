import { beforeAll, describe, expect, it } from 'vitest';
import { getDefaultIndex, type DefaultIndex } from '../../../shared/geocoding';
import { placeImportance } from '../../../shared/geocoding/gazetteer';
import { CandidateGenerator } from '../../../shared/geocoding/generate';
import { hasWordPrefix, WordIndex } from '../../../shared/geocoding/word-index';

// A 1-3 letter last word answers the most important places having a word with that prefix.
// The table is read in importance order with a scan budget, falling back to collecting every
// place; either way it must equal a full scan of the gazetteer.

let index: DefaultIndex;
let generator: CandidateGenerator;
let importance: Float32Array;
beforeAll(() => {
  index = getDefaultIndex();
  const g = index.g;
  importance = new Float32Array(g.size);
  for (let i = 0; i < g.size; i++) importance[i] = placeImportance(g.population[i], g.fcode[i]);
  generator = new CandidateGenerator(new WordIndex(g.keys), importance);
}, 120_000);

/** The table's importances by brute force: every place with a word starting with p, most important first. */
function fullScan(p: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < index.g.size; i++) if (hasWordPrefix(index.g.keys[i], p)) found.push(importance[i]);
  return found.sort((a, b) => b - a).slice(0, 48);
}

describe('the short-prefix table', () => {
  // common one-letter and two-letter prefixes, and rare ones the scan budget does not fill
  it.each(['b', 's', 'x', 'ba', 'sa', 'ny', 'qu', 'bz', 'ee', 'zz', 'san', 'kon', 'xyl'])('%s', (p) => {
    const table = generator.generate(index.plan(p), false, false);
    expect(table.map((i) => importance[i])).toEqual(fullScan(p));
    for (const i of table) expect(hasWordPrefix(index.g.keys[i], p)).toBe(true);
  });
});
