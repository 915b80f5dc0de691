import { okStatus } from '../../shared/platform/responses';
import { assetPath, attributesBody, keyQuery } from '../../shared/tracking/schemas';
import { updateAttributes } from '../../shared/tracking/assets';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.updateAttributes',
  response: okStatus,
  service: 'tracking',
  query: keyQuery,
  path: assetPath,
  body: attributesBody,
  run: async ({ path, body, principal }) => {
    await updateAttributes(trackingContext(), principal.space, path.id, body.attributes);
    return { status: 'Ok' };
  },
});
