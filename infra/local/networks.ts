import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gothenburgSamplePath, importFile, saveGraph } from '../../shared/roads';

/**
 * The road networks of the local stack live in one folder. When it holds none,
 * the demo network (OpenStreetMap ways of Gothenburg, shipped inside the
 * geojson-path-finder npm package, ODbL) is imported into it once.
 */
export function ensureDemoNetwork(dir: string, say: (line: string) => void): string {
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).some((f) => /\.wmrg(\.gz)?$/.test(f))) return dir;
  const sample = gothenburgSamplePath();
  if (!existsSync(sample)) {
    say(`No road network in ${dir}; import one with \`npm run network -- import <file>\`.`);
    return dir;
  }
  say('Importing the demo road network (Gothenburg, © OpenStreetMap contributors)...');
  saveGraph(importFile(sample, { name: 'gothenburg' }), join(dir, 'gothenburg.wmrg'));
  return dir;
}
