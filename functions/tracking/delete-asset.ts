import '../monitors/hook'; // an asset's monitor events and state go with it
import { assetPath, keyQuery } from '../../shared/schemas/tracking';
import { deleteAsset } from '../../shared/tracking/assets';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './context';

export const handler = httpHandler({
  name: 'tracking.deleteAsset',
  service: 'tracking',
  query: keyQuery,
  path: assetPath,
  run: async ({ path, principal }) => {
    await deleteAsset(trackingContext(), principal.space, path.id);
    return { status: 'Ok' };
  },
});
