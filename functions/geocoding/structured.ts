import { warmDefaultIndex } from '../../shared/places/service';
import { structuredGeocodeQuery } from '../../shared/places/schemas';
import { structuredResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { geocoder } from './deps';

warmDefaultIndex();

// City, county, state or country within one country; street, house number and postal code are named in `warnings`.
export const handler = httpHandler({
  name: 'geocode.structured',
  response: structuredResponse,
  service: 'multigeocode',
  query: structuredGeocodeQuery,
  run: async ({ query, principal }) => geocoder().structured(principal.space, query),
});
