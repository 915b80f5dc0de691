import { getAssetResponse } from '../../shared/tracking/responses';
import { assetPath, keyQuery } from '../../shared/tracking/schemas';
import { getAsset } from '../../shared/tracking/assets';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.getAsset',
  response: getAssetResponse,
  service: 'tracking',
  query: keyQuery,
  path: assetPath,
  run: async ({ path, principal }) => ({ status: 'Ok', data: { asset: await getAsset(trackingContext(), principal.space, path.id) } }),
});
