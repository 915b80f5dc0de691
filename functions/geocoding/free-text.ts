import type { FreeTextOperation } from '../../shared/places/geocode';
import { warmDefaultIndex } from '../../shared/places/service';
import { geocodeQuery } from '../../shared/places/schemas';
import { itemsResponse } from '../../shared/places/responses';
import { httpHandler } from '../lib/http-handler';
import { geocoder } from './deps';

warmDefaultIndex();

/**
 * GET /geocode, /autocomplete and /autosuggest take the same parameters and differ only in
 * their default limit: free text over the gazetteer, the loaded streets and addresses and the
 * space's custom places, answered in the client's Item shape.
 */
export const freeTextHandler = (operation: FreeTextOperation) =>
  httpHandler({
    name: `geocode.${operation}`,
    response: itemsResponse,
    service: 'multigeocode',
    query: geocodeQuery,
    run: async ({ query, principal }) => geocoder().freeText(principal.space, operation, query),
  });
