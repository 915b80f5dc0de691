import { closeSync, existsSync, mkdirSync, openSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTEFACT_VERSION, gothenburgSamplePath, importFile, saveGraph } from '../../shared/roads';

const DEMO = 'gothenburg.wmrg';

/** The format version in an uncompressed artefact's header (bytes 4..7), or undefined if unreadable. */
function versionOf(path: string): number | undefined {
  const head = Buffer.alloc(8);
  const fd = openSync(path, 'r');
  try {
    if (readSync(fd, head, 0, 8, 0) < 8 || head.toString('latin1', 0, 4) !== 'WMRG') return undefined;
    return head.readUInt32LE(4);
  } finally {
    closeSync(fd);
  }
}

/**
 * The road networks of the local stack live in one folder. When it holds none,
 * the demo network (OpenStreetMap ways of Gothenburg, shipped inside the
 * geojson-path-finder npm package, ODbL) is imported into it once. A demo network
 * written by an older Waymark is imported again: an upgrade must not leave every
 * route answering "import the region again" for a file the user never made.
 */
export function ensureDemoNetwork(dir: string, say: (line: string) => void): string {
  mkdirSync(dir, { recursive: true });
  const demo = join(dir, DEMO);
  const files = readdirSync(dir).filter((f) => /\.wmrg(\.gz)?$/.test(f));
  const staleDemo = files.includes(DEMO) && versionOf(demo) !== ARTEFACT_VERSION;
  for (const f of files)
    if (f !== DEMO && f.endsWith('.wmrg') && versionOf(join(dir, f)) !== ARTEFACT_VERSION)
      say(`${f} was written by an older Waymark; import it again (npm run network -- import <file>).`);
  if (files.length > 0 && !staleDemo) return dir;
  const sample = gothenburgSamplePath();
  if (!existsSync(sample)) {
    say(`No road network in ${dir}; import one with \`npm run network -- import <file>\`.`);
    return dir;
  }
  say(`${staleDemo ? 'Re-importing' : 'Importing'} the demo road network (Gothenburg, © OpenStreetMap contributors)...`);
  saveGraph(importFile(sample, { name: 'gothenburg' }), demo);
  return dir;
}
