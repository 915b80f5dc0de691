import { describe, expect, it } from 'vitest';
import { loadContract } from '../../integration/support/openapi-validator';

// The OpenAPI tests (tests/integration/<feature>/openapi.test.ts) are only worth something if
// their validator rejects a body that breaks the documented shape.

const contract = loadContract();

const record = {
  id: 'zone-a',
  type: 'polygon',
  geojson: {
    type: 'Polygon',
    coordinates: [
      [
        [11.9, 57.6],
        [12, 57.6],
        [12, 57.7],
        [11.9, 57.6],
      ],
    ],
  },
  tags: ['c1'],
  created_at: 1731489600,
  updated_at: 1731489600,
};
const body = { status: 'Ok', data: { geofence: record } };
const without = (field: keyof typeof record) => ({
  status: 'Ok',
  data: { geofence: Object.fromEntries(Object.entries(record).filter(([k]) => k !== field)) },
});

describe('contract validator', () => {
  it('accepts a documented body, with fields the document does not name', () => {
    expect(contract.response('GET', '/geofence/{id}', body)).toEqual([]);
    expect(contract.response('GET', '/geofence/{id}', { ...body, data: { geofence: { ...record, extra: 1 } } })).toEqual([]);
  });

  it('rejects a body with a documented field missing', () => {
    expect(contract.response('GET', '/geofence/{id}', without('created_at')).join()).toMatch(/created_at/);
  });

  it('rejects a body with a documented field of another type', () => {
    expect(contract.response('GET', '/geofence/{id}', { ...body, data: { geofence: { ...record, tags: 'c1' } } }).join()).toMatch(/tags/);
    expect(contract.response('GET', '/geofence/{id}', { ...body, status: 'OK' })).not.toEqual([]);
    expect(
      contract.response('POST', '/namespaced-apikeys', {
        status: 200,
        result: { apikey: 'k', namespace: 'n', expired_at: '0', expires_at: 0, sub_id: 1, created_at: 1 },
      }),
    ).not.toEqual([]);
  });

  it('tells a pending optimization result from a broken finished one', () => {
    const pending = { description: '', request_created_time: 1, status: 'Ok', message: 'Job still processing' };
    expect(contract.response('GET', '/optimization/v2/result', pending)).toEqual([]);
    expect(contract.response('GET', '/optimization/v2/result', { ...pending, message: '', result: { code: 0 } })).not.toEqual([]);
  });

  it('checks request bodies too', () => {
    expect(contract.request('POST', '/geofence', { type: 'circle', circle: { center: { lat: 57.7, lon: 11.9 }, radius: 100 } })).toEqual(
      [],
    );
    expect(contract.request('POST', '/geofence', { type: 'square' })).not.toEqual([]);
    expect(contract.request('POST', '/geofence', { name: 'no type' }).join()).toMatch(/type/);
  });

  it('knows only the operations the document has', () => {
    expect(() => contract.response('GET', '/no/such/path', {})).toThrow(/no GET \/no\/such\/path/);
  });
});
