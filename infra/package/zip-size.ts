import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Sizes of a zip archive read from its central directory (no extraction): what
// Lambda's limits are about, the archive itself and what it unzips to.

/** Lambda: what a function's package may unzip to (code and layers together). */
export const LAMBDA_UNZIPPED_LIMIT_BYTES = 250 * 1024 * 1024;
/** Lambda: the largest zip uploaded directly (larger ones must go through S3, as the framework does). */
export const LAMBDA_DIRECT_UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;

export interface ZipEntry {
  name: string;
  bytes: number;
}

export interface ZipSize {
  zipBytes: number;
  unzippedBytes: number;
  entries: ZipEntry[];
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;

export function zipSize(path: string): ZipSize {
  const data = readFileSync(path);
  // The end record is the last 22 bytes plus a comment of at most 65,535 bytes.
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${path}: not a zip archive`);
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new Error(`${path}: ZIP64 archives are not read here`);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error(`${path}: corrupt central directory`);
    const bytes = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    entries.push({ name: data.toString('utf8', at + 46, at + 46 + nameLength), bytes });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { zipBytes: statSync(path).size, unzippedBytes: entries.reduce((sum, e) => sum + e.bytes, 0), entries };
}

/** Every zip `serverless package` left in `dir`, largest unzipped first. */
export function packageSizes(dir: string): (ZipSize & { file: string })[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.zip'))
    .map((file) => ({ file, ...zipSize(join(dir, file)) }))
    .sort((a, b) => b.unzippedBytes - a.unzippedBytes);
}
