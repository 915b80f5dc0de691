import { okStatus } from '../../shared/platform/responses';
import { assetPath, keyQuery } from '../../shared/tracking/schemas';
import { deleteAsset } from '../../shared/tracking/assets';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.deleteAsset',
  response: okStatus,
  service: 'tracking',
  query: keyQuery,
  path: assetPath,
  run: async ({ path, principal }) => {
    await deleteAsset(trackingContext(), principal.space, path.id);
    return { status: 'Ok' };
  },
});
