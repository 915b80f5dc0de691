import { okStatus } from '../../shared/platform/responses';
import { assetPath, bindBody, keyQuery } from '../../shared/tracking/schemas';
import { bindDevice } from '../../shared/tracking/assets';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.bindDevice',
  response: okStatus,
  service: 'tracking',
  query: keyQuery,
  path: assetPath,
  body: bindBody,
  run: async ({ path, body, principal }) => {
    await bindDevice(trackingContext(), principal.space, path.id, body.device_id);
    return { status: 'Ok' };
  },
});
