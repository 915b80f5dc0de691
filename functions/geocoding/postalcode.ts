import { getDefaultIndex } from '../../shared/geocoding';
import { postalCode, postalcodeBody, postalcodeResponse } from '../../shared/postalcode';
import { warmDefaultIndex } from '../../shared/places/service';
import { httpHandler } from '../lib/http-handler';
import { postalAreas } from './deps';

warmDefaultIndex();

// A postal code to its centre and area, or a point to its code, from the imported regions' addresses.
export const handler = httpHandler({
  name: 'geocode.postalcode',
  service: 'multigeocode',
  body: postalcodeBody,
  response: postalcodeResponse,
  run: async ({ body }) => postalCode(postalAreas(), getDefaultIndex(), body),
});
