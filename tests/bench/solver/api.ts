// The benchmark through a running stack: each instance is submitted to POST /optimization/v2 with
// its own matrices and the result polled from GET /optimization/v2/result, so the figures include
// the queue, the worker and its threads. The time is the caller's: submit to result.
import { gzipSync } from 'node:zlib';
import type { SolverMatrices, SolverRequest, SolverResult } from '../../../shared/solver';

export interface ApiTarget {
  baseUrl: string;
  key: string;
}

const POLL_MS = 250;
/** Bodies above this go gzipped, as a client would send them: a 1000-customer instance is about 14 MB of JSON, over the 6 MB a request may carry as sent. */
const GZIP_FROM_BYTES = 1024 * 1024;
/** How long past the solving time a result may take before the instance counts as failed. */
const GRACE_MS = 120_000;

/**
 * The API's request for a benchmark instance: its durations and distances (without distances the
 * service would estimate them from the coordinates, and the checker, which knows the file's own,
 * would reject every reported distance); the cost is the travel time when both are one matrix
 * (as for every file `convert` reads), else the distance.
 */
export function apiRequest(request: SolverRequest, matrices: SolverMatrices, seconds: number): Record<string, unknown> {
  const m = matrices.car;
  const oneMatrix = m.durations === m.distances;
  const objective = {
    ...request.options?.objective,
    travel_cost: oneMatrix ? 'duration' : 'distance',
    solving_time_limit: Math.max(1, Math.round(seconds)),
  };
  return {
    locations: { location: request.locations.map(([lat, lon]) => `${lat},${lon}`) },
    vehicles: request.vehicles,
    jobs: request.jobs,
    shipments: request.shipments,
    options: { ...request.options, objective },
    duration_matrix: m.durations,
    distance_matrix: m.distances,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function submit(target: ApiTarget, text: string): Promise<string> {
  const gzip = Buffer.byteLength(text) > GZIP_FROM_BYTES;
  const body = gzip ? gzipSync(text) : text;
  // A binary content type for the compressed body, as docs/api/limits.md#large-bodies advises: it travels as bytes on API Gateway too.
  const headers: Record<string, string> = gzip
    ? { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' }
    : { 'content-type': 'application/json' };
  for (;;) {
    const res = await fetch(`${target.baseUrl}/optimization/v2?key=${encodeURIComponent(target.key)}`, { method: 'POST', headers, body });
    const json = (await res.json()) as { id?: string; message?: string };
    if (res.status === 429) {
      await sleep(1000 * Number(res.headers.get('retry-after') ?? 1));
      continue;
    }
    if (!res.ok || !json.id) throw new Error(`submit: HTTP ${res.status} ${json.message ?? ''}`);
    return json.id;
  }
}

/** Solves one instance on the stack; the result in the solver's shape (the ids are the request's). */
export async function solveThroughApi(
  target: ApiTarget,
  request: SolverRequest,
  matrices: SolverMatrices,
  seconds: number,
): Promise<{ result: SolverResult; seconds: number }> {
  const t0 = performance.now();
  const id = await submit(target, JSON.stringify(apiRequest(request, matrices, seconds)));
  const url = `${target.baseUrl}/optimization/v2/result?key=${encodeURIComponent(target.key)}&id=${encodeURIComponent(id)}`;
  const giveUp = t0 + seconds * 1000 + GRACE_MS;
  while (performance.now() < giveUp) {
    await sleep(POLL_MS);
    // a poll may meet a kept-alive connection the local server closed while its event loop was
    // busy solving (ECONNRESET): a GET, so asked again at the next poll
    const res = await fetch(url).catch((e: Error) => e);
    if (res instanceof Error) continue;
    const json = (await res.json()) as { status?: string; message?: string; result?: SolverResult };
    if (json.status === 'Error') throw new Error(`job ${id}: ${json.message}`);
    if (json.result) return { result: json.result, seconds: (performance.now() - t0) / 1000 };
  }
  throw new Error(`job ${id}: no result ${GRACE_MS / 1000} s after the solving time`);
}
