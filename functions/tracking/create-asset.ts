import { createAssetResponse } from '../../shared/tracking/responses';
import { createAssetBody, keyQuery } from '../../shared/tracking/schemas';
import { createAsset } from '../../shared/tracking/assets';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.createAsset',
  response: createAssetResponse,
  service: 'tracking',
  query: keyQuery,
  body: createAssetBody,
  run: async ({ body, principal }) => ({ status: 'Ok', data: await createAsset(trackingContext(), principal.space, body) }),
});
