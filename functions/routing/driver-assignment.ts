import { assignDrivers } from '../../shared/routing/assignment/assign';
import { assignmentResponse } from '../../shared/routing/assignment/responses';
import { assignmentBody } from '../../shared/routing/assignment/schemas';
import { httpHandler } from '../lib/http-handler';
import { networks } from './deps';

// Driver assignment belongs to the optimization service and counts against its quota.
export const handler = httpHandler({
  name: 'routing.driverAssignment',
  service: 'optimization',
  body: assignmentBody,
  response: assignmentResponse,
  run: async ({ body }) => assignDrivers(networks(), body),
});
