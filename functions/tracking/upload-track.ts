import { okStatus } from '../../shared/platform/responses';
import { assetPath, keyQuery, trackBody } from '../../shared/tracking/schemas';
import { uploadTrack } from '../../shared/tracking/track';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.uploadTrack',
  response: okStatus,
  service: 'tracking',
  query: keyQuery,
  path: assetPath,
  body: trackBody,
  run: async ({ path, body, principal }) => {
    await uploadTrack(trackingContext(), principal.space, path.id, body);
    return { status: 'Ok' };
  },
});
