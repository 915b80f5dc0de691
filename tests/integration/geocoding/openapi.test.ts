import { beforeAll, describe, expect, it } from 'vitest';
import { handler as batch } from '../../../functions/geocoding/batch';
import { handler as createPlace } from '../../../functions/geocoding/create-place';
import { handler as deletePlace } from '../../../functions/geocoding/delete-place';
import { handler as getPlace } from '../../../functions/geocoding/get-place';
import { handler as search } from '../../../functions/geocoding/search';
import { handler as updatePlace } from '../../../functions/geocoding/update-place';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';

// Multi-geocoding (search, custom places, batch) against the OpenAPI document.

let key: string;
beforeAll(async () => {
  ({ key } = await newOrgKey());
});

const item = (title: string) => ({
  geopoint: { lat: 57.71, lng: 11.95 },
  country: 'SWE',
  city: 'Göteborg',
  street: 'Hamngatan',
  house: '4',
  postalCode: '41106',
  poi: { title },
  address: `${title}, Hamngatan 4, Göteborg`,
});

describe('multigeocode contract', () => {
  it('place create, get, update, search, batch, delete', async () => {
    const body = { place: [item('Harbour Depot North')], dataSource: { source: 'depots', refId: 'd-1', status: 'enable' }, score: 0.4 };
    const { docId } = await call(createPlace, key, { method: 'POST', path: '/multigeocode/place', body });
    const path = '/multigeocode/place/{docId}';
    await call(getPlace, key, { method: 'GET', path, params: { docId } });
    await call(updatePlace, key, { method: 'PUT', path, params: { docId }, body: { ...body, place: [item('Harbour Depot South')] } });

    const found = await call(search, key, {
      method: 'POST',
      path: '/multigeocode/search',
      body: { query: 'Harbour Depot South', at: { lat: 57.7, lng: 11.96 }, limit: 5, radius: '50km', country: 'SWE', city: 'Göteborg' },
    });
    expect(found.entities.map((e: { docId: string }) => e.docId)).toContain(docId);
    const nothing = await call(search, key, {
      method: 'POST',
      path: '/multigeocode/search',
      body: { query: 'zzqxv wwkjh', country: 'SWE' },
    });
    expect(nothing.entities).toEqual([]);

    // The batch body is parsed by the geocoding library, so the document shows no requestBody for it.
    const answers = await call(batch, key, {
      method: 'POST',
      path: '/geocode/batch',
      body: { queries: [{ query: 'Harbour Depot' }, { query: 'Göteborg' }] },
    });
    expect(answers.results).toHaveLength(2);

    await call(deletePlace, key, { method: 'DELETE', path, params: { docId } });
  });
});
