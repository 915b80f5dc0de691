// Bodies of GET /optimization/v2/result: a pending job answers 200 "Job still processing".
import type { ClientResult } from './client-result';
import type { JobRecord } from './model';

export const PENDING_MESSAGE = 'Job still processing';

export interface ResultBody {
  description: string;
  request_created_time: number;
  solution_created_time?: number;
  status: 'Ok' | 'Error';
  message: string;
  result?: Record<string, unknown>;
  warnings?: string[];
}

/** While queued or running: 200, status "Ok", "Job still processing", no routes. */
export function pendingBody(job: JobRecord): ResultBody {
  return {
    description: job.description ?? '',
    request_created_time: job.created_at,
    status: 'Ok',
    message: PENDING_MESSAGE,
    warnings: job.warnings,
  };
}

/** A failed job: status "Error", the reason in `message` (and in `result.error`, the client's place), a non-zero `result.code`. */
export function failedBody(job: JobRecord): ResultBody {
  return {
    description: job.description ?? '',
    request_created_time: job.created_at,
    solution_created_time: job.finished_at,
    status: 'Error',
    message: job.message ?? 'the job failed',
    result: { code: job.code ?? 1, error: job.message ?? 'the job failed' },
    warnings: job.warnings,
  };
}

/** The full result of a completed job, as stored (and served unchanged). */
export function completedBody(
  job: Pick<JobRecord, 'description' | 'created_at'>,
  result: ClientResult,
  geometries: string[],
  warnings: string[],
  solutionCreatedAt: number,
): ResultBody {
  return {
    description: job.description ?? '',
    request_created_time: job.created_at,
    solution_created_time: solutionCreatedAt,
    status: 'Ok',
    message: '',
    result: {
      code: result.code,
      summary: result.summary,
      routes: result.routes.map((r, i) => ({ ...r, geometry: geometries[i] ?? '' })),
      unassigned: result.unassigned,
      ...(result.routing_profiles ? { routing_profiles: result.routing_profiles } : {}),
    },
    warnings,
  };
}
