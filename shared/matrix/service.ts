import { gunzipSync, gzipSync } from 'node:zlib';
import { decodeBlob, CHUNK_BYTES } from '../platform/blob';
import { notFound, unprocessable } from '../platform/errors';
import type { AvoidOptions, NetworkRegistry, TurnKind } from '../roads';
import { travelMatrix } from '../routing/service/matrix';
import { queueNewJob, type JobQueueDeps } from '../platform/job-runner';
import { rowsPerPart, type MatrixJob } from './model';
import type { CreateBody } from './schemas';

// The asynchronous matrix: a job stores its request and is queued; the worker computes the whole
// matrix on the loaded networks (great-circle estimates where none covers the points, said in
// `warning`) and stores it as CSV parts; the status answers links to them.

export type MatrixDeps = JobQueueDeps<MatrixJob>;

/**
 * What the worker computes from (the parsed request). `turns` came later than `avoid`: a job
 * stored before it has none, and avoids no turns, as it was asked then.
 */
type MatrixRequest = Omit<CreateBody, 'avoid' | 'cross_border' | 'route_type'> & { avoid?: AvoidOptions; turns?: TurnKind[] };

export const CSV_HEADER = 'origin_index,destination_index,duration,distance';

export async function createMatrixJob(deps: MatrixDeps, space: string, body: CreateBody, spliter: string | undefined) {
  const warnings: string[] = [];
  if (spliter) warnings.push(`spliter: Waymark computes the whole matrix in one job; "${spliter}" is not needed`);
  const request: MatrixRequest = {
    area: body.area,
    origins: body.origins,
    destinations: body.destinations,
    mode: body.mode,
    avoid: body.avoid?.avoid,
    turns: body.avoid?.turns,
    departure_time: body.departure_time,
    truck_size: body.truck_size,
    truck_weight: body.truck_weight,
    origins_approach: body.origins_approach,
    destinations_approach: body.destinations_approach,
  };
  const job = await queueNewJob(deps, space, request, {
    origins: body.origins.length,
    destinations: (body.destinations ?? body.origins).length,
    warnings,
  });
  return { code: 'Ok', task_id: job.id, ...(warnings.length ? { warning: warnings } : {}) };
}

export async function matrixStatus(deps: MatrixDeps, space: string, id: string, linkTo: (part: number) => string) {
  const job = await deps.store.get(space, id);
  if (!job) throw notFound(`id: no matrix job "${id}"`);
  const warning = job.warnings?.length ? { warning: job.warnings } : {};
  if (job.status === 'completed') {
    const links = Array.from({ length: job.parts ?? 0 }, (_, p) => linkTo(p));
    return { code: 'Ok', status: job.status, result_link: links[0], result_links: links, ...warning };
  }
  if (job.status === 'failed') return { code: 'Failed', status: job.status, message: job.message ?? 'the matrix job failed', ...warning };
  return { code: 'Processing', status: job.status, ...warning };
}

/** One CSV part of a completed job. */
export async function matrixResultPart(deps: MatrixDeps, space: string, id: string, part: number): Promise<string> {
  const job = await deps.store.get(space, id);
  if (!job) throw notFound(`id: no matrix job "${id}"`);
  if (job.status !== 'completed') throw unprocessable(`id: the matrix job is ${job.status}, not completed`, 'id');
  if (part >= (job.parts ?? 0)) throw notFound(`part: the result has parts 0 to ${(job.parts ?? 1) - 1}`);
  const chunks = await deps.store.part(job, part);
  return gunzipSync(Buffer.concat(chunks)).toString('utf8');
}

/** CSV of origins [from, to): one line per cell, seconds and metres, -1 where no route exists. */
export function csvPart(durations: Float64Array, distances: Float64Array, destinations: number, from: number, to: number): string {
  const lines: string[] = [CSV_HEADER];
  for (let i = from; i < to; i++) {
    for (let j = 0; j < destinations; j++) {
      const k = i * destinations + j;
      lines.push(`${i},${j},${Math.round(durations[k])},${Math.round(distances[k])}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function chunked(bytes: Buffer): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let off = 0; off < bytes.length; off += CHUNK_BYTES) out.push(bytes.subarray(off, Math.min(bytes.length, off + CHUNK_BYTES)));
  return out.length ? out : [new Uint8Array()];
}

/** One side of the road for each of n points. */
const sides = (n: number, side: 'curb' | 'unrestricted' | undefined) => (side === 'curb' ? new Array<'curb'>(n).fill('curb') : undefined);

/** Computes a running job's matrix and stores it part by part; returns the warnings to keep. */
export async function computeMatrixJob(
  deps: MatrixDeps,
  job: MatrixJob,
  networks: NetworkRegistry,
): Promise<{ parts: number; rows: number; warnings: string[] }> {
  const request = decodeBlob<MatrixRequest>(await deps.store.request(job));
  const destinations = request.destinations ?? request.origins;
  const { avoid, turns, ...rest } = request;
  const m = travelMatrix(networks, {
    ...rest,
    avoid: avoid ? { avoid, turns: turns ?? [], geofenceIds: [] } : undefined,
    destinations,
    route_failed_prompt: true,
    origin_approaches: sides(request.origins.length, request.origins_approach),
    approaches: sides(destinations.length, request.destinations_approach),
  });
  const area =
    request.area && !networks.get(request.area)
      ? [`area: no loaded network is named "${request.area}"; the one covering the points was used`]
      : [];
  const rows = rowsPerPart(m.destinations);
  const parts = Math.ceil(m.origins / rows);
  for (let p = 0; p < parts; p++) {
    const csv = csvPart(m.durations, m.distances, m.destinations, p * rows, Math.min(m.origins, (p + 1) * rows));
    await deps.store.putPart(job, p, chunked(gzipSync(Buffer.from(csv, 'utf8'))));
  }
  return { parts, rows, warnings: [...job.warnings, ...area, ...(m.warning ? [m.warning] : [])] };
}
