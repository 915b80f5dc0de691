import { z } from 'zod';
import { reportPosition } from '../../shared/dispatch/position';
import { dispatchQuery, routePath } from '../../shared/dispatch/schemas';
import { trackBody } from '../../shared/tracking/schemas';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from '../tracking/deps';
import { dispatch } from './deps';

// Ours: the driver's page reports the phone's position as the route's vehicle (tracking's upload).
export const handler = httpHandler({
  name: 'dispatch.routes.position',
  response: z.looseObject({ status: z.literal(200), data: z.looseObject({ asset_id: z.string() }) }),
  service: 'tracking',
  driverToken: true,
  query: dispatchQuery,
  path: routePath,
  body: trackBody.pick({ locations: true }),
  run: async ({ path, body, principal }) => {
    const route = await dispatch().routes.require(principal, path.routeID);
    return { status: 200, data: await reportPosition(trackingContext(), principal.space, route, body.locations) };
  },
});
