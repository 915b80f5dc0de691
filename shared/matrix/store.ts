import type { MatrixJob } from './model';

// What the asynchronous matrix needs from storage; every method is confined to one space.
// The DynamoDB adapter is shared/matrix/dynamo-store.ts.

export interface MatrixJobStore {
  /** Stores a new queued job and its request chunks; the job appears only once its request is whole. */
  create(job: MatrixJob, request: Uint8Array[]): Promise<void>;
  get(space: string, id: string): Promise<MatrixJob | undefined>;
  request(job: MatrixJob): Promise<Uint8Array[]>;
  /** queued|running -> running, counting the attempt; undefined when the job is finished (or gone). */
  markRunning(space: string, id: string, now: number): Promise<MatrixJob | undefined>;
  /** Stores one result part (rewriting it on a retry is harmless: same keys, same content). */
  putPart(job: MatrixJob, part: number, chunks: Uint8Array[]): Promise<void>;
  /** The chunks of one stored result part, in order. */
  part(job: MatrixJob, part: number): Promise<Uint8Array[]>;
  /** running -> completed with its parts; false when the job was no longer running. */
  complete(job: MatrixJob, now: number, parts: number, rowsPerPart: number, warnings: string[]): Promise<boolean>;
  /** queued|running -> failed; false when already final. */
  fail(space: string, id: string, now: number, message: string): Promise<boolean>;
}
