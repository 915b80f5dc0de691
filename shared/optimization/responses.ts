import { z } from 'zod';
import { int, metaData } from '../platform/responses';

// 200 bodies of route optimization v2: submit, and the result of a pending, finished or
// failed job (pending and failed jobs answer 200 with status "Ok" / "Error").

const amounts = z.array(int);
const latLonPair = z.tuple([z.number(), z.number()]);

/** POST /optimization/v2 and POST /optimization/re_optimization. */
export const submitResponse = z.looseObject({
  id: z.string(),
  message: z.string(),
  status: z.literal('Ok'),
  warnings: z.array(z.string()),
});

const totals = {
  cost: z.number(),
  setup: int,
  service: int,
  duration: int,
  waiting_time: int,
  priority: int,
  distance: int,
  delivery: amounts,
  pickup: amounts,
};

const step = z.looseObject({
  type: z.enum(['start', 'job', 'pickup', 'delivery', 'break', 'end']),
  id: int.optional(),
  arrival: int,
  duration: int,
  distance: int,
  setup: int,
  service: int,
  waiting_time: int,
  // A break happens wherever the vehicle is, so it has no location of its own.
  location: latLonPair.optional(),
  location_index: int.optional(),
  load: amounts,
  description: z.string().optional(),
  metadata: metaData.optional(),
});

const route = z.looseObject({
  vehicle: int,
  ...totals,
  description: z.string().optional(),
  geometry: z.string(),
  metadata: metaData.optional(),
  steps: z.array(step),
});

const unassigned = z.looseObject({
  id: int,
  type: z.enum(['job', 'pickup', 'delivery']),
  location: latLonPair,
  location_index: int.optional(),
  reason: z.string(),
});

const header = {
  description: z.string(),
  request_created_time: int,
  warnings: z.array(z.string()).optional(),
};

const completed = z.looseObject({
  ...header,
  solution_created_time: int,
  status: z.literal('Ok'),
  message: z.string(),
  result: z.looseObject({
    code: int,
    summary: z.looseObject({ ...totals, routes: int, unassigned: int }),
    routes: z.array(route),
    unassigned: z.array(unassigned),
  }),
});

// Strict, so a half-written result cannot pass as "still processing".
const pending = z.strictObject({
  ...header,
  status: z.literal('Ok'),
  message: z.literal('Job still processing'),
});

const failed = z.looseObject({
  ...header,
  solution_created_time: int.optional(),
  status: z.literal('Error'),
  message: z.string(),
  result: z.looseObject({ code: int }),
});

/** GET /optimization/v2/result: the finished result, the pending body or the failure. */
export const resultResponse = z.union([completed, pending, failed]);
