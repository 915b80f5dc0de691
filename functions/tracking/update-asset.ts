import { okStatus } from '../../shared/platform/responses';
import { assetPath, keyQuery, updateAssetBody } from '../../shared/tracking/schemas';
import { updateAsset } from '../../shared/tracking/assets';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.updateAsset',
  response: okStatus,
  service: 'tracking',
  query: keyQuery,
  path: assetPath,
  body: updateAssetBody,
  run: async ({ path, body, principal }) => {
    await updateAsset(trackingContext(), principal.space, path.id, body);
    return { status: 'Ok' };
  },
});
