import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

// Road networks served from S3 rather than shipped in every routing function's zip: `npm run
// network -- publish` uploads a network folder (artefacts, their stored hierarchies and the address
// and POI indexes beside them) with a manifest; a function fetches the manifest's files into local disk on its cold
// start and loads them from there like any network folder. The package no longer grows with the
// region, and a region is replaced by publishing again, without a deploy.

export const MANIFEST = 'manifest.json';
// a region's artefact, its address and POI indexes, and its stored hierarchies (`<region>.car.wmch`)
const REGION_FILE = /^(.+?)\.(wmrg|wmrg\.gz|addresses\.tsv\.gz|pois\.tsv\.gz|[a-z][a-z0-9-]*\.wmch)$/;

export interface PublishedFile {
  name: string;
  region: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: 'waymark-networks/1';
  published_at: string;
  files: PublishedFile[];
}

/**
 * A client for the networks' bucket. Checksums are sent only where S3 requires them: the files
 * carry a SHA-256 of their own in the manifest, and S3-compatible stores that predate the SDK's
 * default CRC trailers (aws-chunked uploads) would otherwise store the framing with the bytes.
 */
export function networksS3Client(endpoint?: string): S3Client {
  return new S3Client({
    endpoint,
    forcePathStyle: endpoint !== undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export interface Location {
  bucket: string;
  /** Key prefix, e.g. `networks/`; empty for the bucket's root. */
  prefix: string;
}

/** The files of a network folder that make up its regions, sorted by name. */
export function regionFiles(dir: string): Array<{ name: string; region: string }> {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const match = REGION_FILE.exec(name);
      return match ? [{ name, region: match[1] }] : [];
    });
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * Uploads every region file of `dir`, then the manifest naming them: a function that reads the
 * manifest meanwhile finds the previous one, whose files are still there (or replaced whole),
 * never a manifest naming a file not yet uploaded.
 */
export async function publishNetworks(
  s3: S3Client,
  at: Location,
  dir: string,
  onFile: (file: PublishedFile) => void = () => undefined,
): Promise<Manifest> {
  const files: PublishedFile[] = [];
  for (const { name, region } of regionFiles(dir)) {
    const path = join(dir, name);
    const file = { name, region, bytes: statSync(path).size, sha256: await sha256Of(path) };
    await s3.send(
      new PutObjectCommand({
        Bucket: at.bucket,
        Key: at.prefix + name,
        Body: createReadStream(path),
        ContentLength: file.bytes,
        Metadata: { sha256: file.sha256 },
      }),
    );
    files.push(file);
    onFile(file);
  }
  const manifest: Manifest = { format: 'waymark-networks/1', published_at: new Date().toISOString(), files };
  await s3.send(
    new PutObjectCommand({
      Bucket: at.bucket,
      Key: at.prefix + MANIFEST,
      Body: JSON.stringify(manifest, null, 1),
      ContentType: 'application/json',
    }),
  );
  return manifest;
}

export async function readManifest(s3: S3Client, at: Location): Promise<Manifest | undefined> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: at.bucket, Key: at.prefix + MANIFEST }));
    const manifest = JSON.parse(await out.Body!.transformToString()) as Manifest;
    if (manifest.format !== 'waymark-networks/1' || !Array.isArray(manifest.files))
      throw new Error(`s3://${at.bucket}/${at.prefix}${MANIFEST}: not a Waymark network manifest`);
    return manifest;
  } catch (error) {
    if (error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

export interface FetchResult {
  /** Files downloaded now. */
  fetched: string[];
  /** Files already on disk from an earlier fetch with the same checksum. */
  kept: string[];
}

/**
 * Brings `dir` to the manifest's files (of `regions` only, when given): a file already there with
 * the published checksum is kept, any other is downloaded beside it, checked and renamed into
 * place, and files the manifest no longer names are removed, so the folder holds exactly one
 * published state for the loaders that list it.
 */
export async function fetchPublishedNetworks(
  s3: S3Client,
  at: Location,
  dir: string,
  regions?: readonly string[],
): Promise<FetchResult & { manifest: Manifest | undefined }> {
  const manifest = await readManifest(s3, at);
  mkdirSync(dir, { recursive: true });
  const wanted = (manifest?.files ?? []).filter((f) => !regions || regions.includes(f.region));
  const result: FetchResult = { fetched: [], kept: [] };
  for (const file of wanted) {
    const path = join(dir, file.name);
    const marker = `${path}.sha256`;
    if (existsSync(path) && existsSync(marker) && readFileSync(marker, 'utf8') === file.sha256) {
      result.kept.push(file.name);
      continue;
    }
    await download(s3, at, file, path);
    writeFileSync(marker, file.sha256);
    result.fetched.push(file.name);
  }
  const names = new Set(wanted.map((f) => f.name));
  for (const { name } of regionFiles(dir)) {
    if (!names.has(name)) {
      rmSync(join(dir, name), { force: true });
      rmSync(join(dir, `${name}.sha256`), { force: true });
    }
  }
  return { ...result, manifest };
}

async function download(s3: S3Client, at: Location, file: PublishedFile, path: string): Promise<void> {
  const partial = `${path}.${process.pid}.partial`;
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: at.bucket, Key: at.prefix + file.name }));
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(out.Body as Readable, hashing, createWriteStream(partial));
    const got = hash.digest('hex');
    if (got !== file.sha256)
      throw new Error(`s3://${at.bucket}/${at.prefix}${file.name}: checksum ${got} is not the manifest's ${file.sha256}; publish again`);
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
}
