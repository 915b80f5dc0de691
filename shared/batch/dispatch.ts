import type { z } from 'zod';
import { asClientError, badRequest } from '../platform/errors';
import { parseWith } from '../platform/validate';
import type { NetworkRegistry } from '../roads';
import { directionsBody, distanceMatrixQuery, isochroneQuery, optimizationV1Query, snapToRoadsQuery } from '../routing/schemas';
import { directions } from '../routing/service/directions';
import { isochrones } from '../routing/service/isochrones';
import { distanceMatrix } from '../routing/service/matrix';
import { snapToRoads } from '../routing/service/snap';
import { trip } from '../routing/service/trip';

// One request of a batch: the query string of a routing call, answered as that call would be.
// It names its operation by a leading path ("/distancematrix/json?origins=..."), or else by its
// parameters: origins -> distance matrix, origin -> directions, path -> snap to roads,
// contours -> isochrone, coordinates -> the v1 optimizer.

interface Operation {
  path: string;
  schema: z.ZodType;
  run: (registry: NetworkRegistry, params: never) => unknown;
}

const OPERATIONS: Operation[] = [
  { path: '/distancematrix/json', schema: distanceMatrixQuery, run: distanceMatrix },
  { path: '/directions/json', schema: directionsBody, run: directions },
  { path: '/snapToRoads/json', schema: snapToRoadsQuery, run: snapToRoads },
  { path: '/isochrone/json', schema: isochroneQuery, run: isochrones },
  { path: '/optimization/json', schema: optimizationV1Query, run: trip },
];

function operationOf(path: string, params: URLSearchParams): Operation | undefined {
  if (path) return OPERATIONS.find((o) => o.path === path);
  if (params.has('origins')) return OPERATIONS[0];
  if (params.has('origin')) return OPERATIONS[1];
  if (params.has('path')) return OPERATIONS[2];
  if (params.has('contours_minutes') || params.has('contours_meters')) return OPERATIONS[3];
  if (params.has('coordinates')) return OPERATIONS[4];
  return undefined;
}

export interface BatchResponse {
  status_code: number;
  response: unknown;
}

export function answer(registry: NetworkRegistry, query: string): BatchResponse {
  const at = query.indexOf('?');
  const path = at >= 0 ? query.slice(0, at) : query.startsWith('/') ? query : '';
  const params = new URLSearchParams(at >= 0 ? query.slice(at + 1) : path ? '' : query);
  params.delete('key');
  try {
    const op = operationOf(path, params);
    if (!op)
      throw badRequest(
        `query: names no routing operation; start it with ${OPERATIONS.map((o) => o.path).join(', ')} or give its parameters`,
        'query',
      );
    const parsed = parseWith(op.schema, Object.fromEntries(params), 'query');
    return { status_code: 200, response: op.run(registry, parsed as never) };
  } catch (error) {
    const known = asClientError(error);
    if (!known) throw error;
    return { status_code: known.status, response: known.body() };
  }
}
