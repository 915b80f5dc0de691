import { listAssetsResponse } from '../../shared/tracking/responses';
import { listAssetsQuery } from '../../shared/tracking/schemas';
import { listAssets, parseSort } from '../../shared/tracking/assets';
import { attributeFilterFromQuery } from '../../shared/tracking/filters';
import { httpHandler } from '../lib/http-handler';
import { trackingContext } from './deps';

export const handler = httpHandler({
  name: 'tracking.listAssets',
  response: listAssetsResponse,
  service: 'tracking',
  query: listAssetsQuery,
  run: async ({ query, principal }) => {
    const data = await listAssets(trackingContext(), principal.space, {
      filter: attributeFilterFromQuery(query),
      sort: parseSort(query.sort),
      pn: query.pn ?? 1,
      ps: query.ps ?? 20,
    });
    return { status: 'Ok', data };
  },
});
