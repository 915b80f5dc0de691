import { mapSegments, segmentsBody, segmentsResponse } from '../../shared/map-segments';
import { httpHandler } from '../lib/http-handler';
import { networks } from './deps';

// The loaded networks, and with a bbox the road segments inside it.
export const handler = httpHandler({
  name: 'routing.mapSegments',
  service: 'routing',
  body: segmentsBody,
  response: segmentsResponse,
  run: async ({ body }) => mapSegments(networks(), body),
});
