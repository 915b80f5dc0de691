import { CliError } from '../waymark-api';
import { exportSpace } from './export';
import { importSpace } from './import';
import { storageOf } from './target';

// The export and import commands' flags, checked, then the work (export.ts, import.ts).

export interface TransferFlags {
  space?: string;
  out?: string;
  in?: string;
  stage?: string;
  'dynamodb-endpoint'?: string;
}

/** The local stack's organisation space (npm start's root key). */
const LOCAL_SPACE = 'local|';
const SPACE = /^[^|#]+\|[^|#]*$/;

function spaceFlag(value: string | undefined, fallback: string | undefined): string | undefined {
  const space = value ?? fallback;
  if (space !== undefined && !SPACE.test(space))
    throw new CliError(`--space must be "<org>|<namespace>" ("acme|" for the organisation itself), not "${space}"`, true);
  return space;
}

export async function exportCommand(flags: TransferFlags, out: (l: string) => void, progress: (l: string) => void): Promise<void> {
  if (!flags.out) throw new CliError('export needs --out DIR', true);
  const space = spaceFlag(flags.space, flags.stage || flags['dynamodb-endpoint'] ? undefined : LOCAL_SPACE);
  if (!space) throw new CliError('export needs --space "<org>|<namespace>" for a stage other than the local one', true);
  const started = Date.now();
  const manifest = await exportSpace(storageOf(flags), space, flags.out, progress);
  const items = Object.values(manifest.tables).reduce((n, t) => n + t.items, 0);
  out(`exported ${items} item(s) of ${space} to ${flags.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function importCommand(flags: TransferFlags, out: (l: string) => void, progress: (l: string) => void): Promise<void> {
  if (!flags.in) throw new CliError('import needs --in DIR (a finished export)', true);
  const started = Date.now();
  const report = await importSpace(storageOf(flags), flags.in, { space: spaceFlag(flags.space, undefined), progress });
  const items = Object.values(report.tables).reduce((n, t) => n + t, 0);
  out(`imported ${items} item(s) from ${flags.in} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
