import { handler as batch } from '../../../functions/geocoding/batch';
import { handler as create } from '../../../functions/geocoding/create-place';
import { handler as remove } from '../../../functions/geocoding/delete-place';
import { handler as get } from '../../../functions/geocoding/get-place';
import { handler as search } from '../../../functions/geocoding/search';
import { handler as update } from '../../../functions/geocoding/update-place';
import { invoke } from '../support/invoke';

/** The multi-geocoding operations, called through their handlers with one key. */
export function geocodingClient(key: string) {
  const at = (docId: string) => ({
    path: `/multigeocode/place/${encodeURIComponent(docId)}`,
    query: { key },
    pathParameters: { docId: encodeURIComponent(docId) },
  });
  return {
    search: (body: unknown) => invoke(search, { method: 'POST', path: '/multigeocode/search', query: { key }, body }),
    batch: (body: unknown) => invoke(batch, { method: 'POST', path: '/geocode/batch', query: { key }, body }),
    create: (body: unknown) => invoke(create, { method: 'POST', path: '/multigeocode/place', query: { key }, body }),
    get: (docId: string) => invoke(get, { method: 'GET', ...at(docId) }),
    update: (docId: string, body: unknown) => invoke(update, { method: 'PUT', ...at(docId), body }),
    remove: (docId: string) => invoke(remove, { method: 'DELETE', ...at(docId) }),
  };
}

export type GeocodingClient = ReturnType<typeof geocodingClient>;

/** A custom place body as the API takes it. */
export function placeBody(
  title: string,
  lat: number,
  lng: number,
  extra: Record<string, unknown> = {},
  item: Record<string, unknown> = {},
) {
  return { place: [{ geopoint: { lat, lng }, poi: { title }, ...item }], ...extra };
}

type Entities = { entities: Array<{ docId: string }> };
/** docIds of a search answer (a handler result or the service's own). */
export const docIds = (res: { body: Entities } | Entities) => ('body' in res ? res.body : res).entities.map((e) => e.docId);
/** docIds of the custom places in a search answer (default places are "gn:..."). */
export const customIds = (res: { body: Entities } | Entities) => docIds(res).filter((id) => !id.startsWith('gn:'));
