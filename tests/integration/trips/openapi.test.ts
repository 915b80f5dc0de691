import { beforeAll, describe, expect, it } from 'vitest';
import { handler as createAsset } from '../../../functions/tracking/create-asset';
import { handler as bind } from '../../../functions/tracking/bind-device';
import { handler as track } from '../../../functions/tracking/upload-track';
import { handler as remove } from '../../../functions/trips/delete';
import { handler as end } from '../../../functions/trips/end';
import { handler as get } from '../../../functions/trips/get';
import { handler as start } from '../../../functions/trips/start';
import { handler as summary } from '../../../functions/trips/summary';
import { handler as update } from '../../../functions/trips/update';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';

// Every trip operation, under both prefixes, against the OpenAPI document.

let key: string;
beforeAll(async () => {
  ({ key } = await newOrgKey());
});

describe('trips contract', () => {
  for (const prefix of ['/skynet', '/tracking']) {
    it(`start, update, get, summary, end, delete under ${prefix}`, async () => {
      const asset = `van${prefix.replace('/', '-')}`;
      await call(createAsset, key, { method: 'POST', path: `${prefix}/asset`, body: { custom_id: asset } });
      await call(bind, key, { method: 'POST', path: `${prefix}/asset/{id}/bind`, params: { id: asset }, body: { device_id: 'd' } });
      const { data } = await call(start, key, { method: 'POST', path: `${prefix}/trip/start`, body: { asset_id: asset, name: 'round' } });
      const at = { path: `${prefix}/trip/{id}`, params: { id: data.id } };
      const t0 = Date.now() + 1000;
      const locations = [0, 1, 2].map((i) => ({ location: { lat: 57.7 + i * 0.001, lon: 11.97 }, timestamp: t0 + i * 1000 }));
      await call(track, key, {
        method: 'POST',
        path: `${prefix}/asset/{id}/track`,
        params: { id: asset },
        body: { device_id: 'd', locations },
      });
      await call(update, key, { method: 'PUT', ...at, body: { asset_id: asset, description: 'x', stops: [{ name: 'a' }] } });
      const got = await call(get, key, { method: 'GET', ...at });
      expect(got.data.trip.route).toHaveLength(3);
      const sum = await call(summary, key, { method: 'GET', path: `${prefix}/trip/{id}/summary`, params: { id: data.id } });
      expect(sum.data.trip.geometry).toHaveLength(1);
      await call(end, key, { method: 'POST', path: `${prefix}/trip/end`, body: { id: data.id } });
      await call(remove, key, { method: 'DELETE', ...at });
    });
  }
});
