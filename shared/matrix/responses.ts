import { z } from 'zod';

// 200 bodies of the asynchronous matrix.

export const createResponse = z.looseObject({
  code: z.string(),
  task_id: z.string(),
  message: z.string().optional(),
  warning: z.array(z.string()).optional(),
});

export const statusResponse = z.looseObject({
  code: z.enum(['Ok', 'Processing', 'Failed']),
  /** The job's state: queued, running, completed or failed. */
  status: z.string(),
  /** The first CSV part (completed jobs). */
  result_link: z.string().optional(),
  /** Every CSV part, in origin order (completed jobs). */
  result_links: z.array(z.string()).optional(),
  message: z.string().optional(),
  warning: z.array(z.string()).optional(),
});
