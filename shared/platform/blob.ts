// Requests and results can be far larger than one DynamoDB item (400 KB): they are stored as
// gzipped JSON cut into chunks, never truncated. Pure functions; the adapter stores the chunks.
import { gunzipSync, gzipSync } from 'node:zlib';

/** Bytes per stored chunk: an item keeps headroom under DynamoDB's 400 KB for its keys. */
export const CHUNK_BYTES = 300_000;

export interface EncodedBlob {
  chunks: Uint8Array[];
  /** Size of the JSON before compression. */
  rawBytes: number;
  compressedBytes: number;
}

export function encodeBlob(value: unknown, chunkBytes = CHUNK_BYTES): EncodedBlob {
  const raw = Buffer.from(JSON.stringify(value), 'utf8');
  const zipped = gzipSync(raw);
  const chunks: Uint8Array[] = [];
  for (let off = 0; off < zipped.length; off += chunkBytes) chunks.push(zipped.subarray(off, Math.min(zipped.length, off + chunkBytes)));
  if (chunks.length === 0) chunks.push(new Uint8Array());
  return { chunks, rawBytes: raw.length, compressedBytes: zipped.length };
}

/** A stored blob that cannot be read back: chunks missing, or not gzipped JSON. Reading it again gives the same. */
export class UnreadableBlob extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableBlob';
  }
}

export function decodeBlob<T = unknown>(chunks: Uint8Array[]): T {
  const zipped = Buffer.concat(chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength)));
  try {
    return JSON.parse(gunzipSync(zipped).toString('utf8')) as T;
  } catch (error) {
    throw new UnreadableBlob(`stored blob is not gzipped JSON: ${(error as Error).message}`);
  }
}
