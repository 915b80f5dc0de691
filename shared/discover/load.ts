import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PoiIndex } from './poi-index';
import { POI_FILE_SUFFIX, readPois } from './pois';

/** The POIs of the regions imported into `dir` (`<region>.pois.tsv.gz`), loaded on first use. */
export function poisIn(dir: () => string | undefined): () => readonly PoiIndex[] {
  let loaded: PoiIndex[] | undefined;
  return () => {
    if (loaded) return loaded;
    const folder = dir();
    const files =
      folder && existsSync(folder)
        ? readdirSync(folder)
            .filter((f) => f.endsWith(POI_FILE_SUFFIX))
            .sort()
        : [];
    return (loaded = files.map((f) => {
      const { region, records } = readPois(join(folder!, f));
      return new PoiIndex(region, records);
    }));
  };
}
