import { beforeAll, describe, expect, it } from 'vitest';
import { handler as createNamespacedKey } from '../../../functions/platform/create-namespaced-key';
import { geofenceClient, square } from '../geofence/client';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { monitorApi } from './api';

// Monitor operations end to end on DynamoDB Local: create/get/update/list/delete,
// type-specific configuration, geofence checks, and isolation across spaces.

let key: string;
let fenceA: string;
let fenceB: string;

beforeAll(async () => {
  key = (await newOrgKey()).key;
  const g = geofenceClient(key);
  fenceA = (await g.create({ type: 'polygon', name: 'A', polygon: { geojson: square(13.0, 52.0, 0.02) } })).body.data.id;
  fenceB = (await g.create({ type: 'circle', name: 'B', circle: { center: { lat: 52.01, lon: 13.02 }, radius: 500 } })).body.data.id;
});

describe('monitor operations', () => {
  it('create, get (geofences shown), update, list, delete', async () => {
    const api = monitorApi(key);
    const created = await api.create({
      type: 'enter_and_exit',
      name: 'depot',
      description: 'entering and leaving the depot',
      tags: ['depot', 'eu'],
      geofence_config: { geofence_ids: [fenceA] },
      match_filter: { include_all_of_attributes: { fleet: 'a' } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ status: 'Ok', data: { id: expect.any(String) } });
    const id = created.body.data.id;

    const got = await api.get(id);
    expect(got.status).toBe(200);
    expect(got.body.data.monitor).toMatchObject({
      id,
      type: 'enter_and_exit',
      name: 'depot',
      description: 'entering and leaving the depot',
      tags: ['depot', 'eu'],
      geofences: [fenceA],
      match_filter: { include_all_of_attributes: { fleet: 'a' } },
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });

    const upd = await api.update(id, {
      name: 'depot 2',
      geofence_ids: [fenceA, fenceB],
      match_filter: { include_any_of_attributes: { fleet: 'b' } },
    });
    expect(upd.body).toEqual({ status: 'Ok' });
    const again = (await api.get(id)).body.data.monitor;
    expect(again.name).toBe('depot 2');
    expect(again.geofences).toEqual([fenceA, fenceB]);
    expect(again.match_filter).toEqual({ include_any_of_attributes: { fleet: 'b' } });
    expect(again.description).toBe('entering and leaving the depot');

    const listed = await api.list();
    expect(listed.body.data.list.map((m: { id: string }) => m.id)).toContain(id);

    expect((await api.remove(id)).body).toEqual({ status: 'Ok' });
    expect((await api.get(id)).status).toBe(404);
    expect((await api.remove(id)).status).toBe(404);
    expect((await api.update(id, { name: 'x' })).status).toBe(404);
  });

  it('is served under /tracking too, and accepts custom_id (409 when taken)', async () => {
    const api = monitorApi(key, '/tracking');
    const r = await api.create({
      type: 'speeding',
      custom_id: 'speed-1',
      speeding_config: { customer_speed_limit: 25, time_tolerance: 5000 },
    });
    expect(r.body.data.id).toBe('speed-1');
    const dup = await api.create({ type: 'speeding', custom_id: 'speed-1', speeding_config: { customer_speed_limit: 25 } });
    expect(dup.status).toBe(409);
    expect(dup.headers['x-should-retry']).toBe('false');
    const m = (await api.get('speed-1')).body.data.monitor;
    expect(m.geofences).toBeNull();
    expect(m.speeding_config).toEqual({ customer_speed_limit: 25, time_tolerance: 5000 });
  });

  it('requires the configuration of each type, naming it (400)', async () => {
    const api = monitorApi(key);
    const cases: Array<[unknown, string]> = [
      [{ type: 'enter_and_exit' }, 'geofence_config.geofence_ids'],
      [{ type: 'enter', geofence_ids: [] }, 'geofence_config.geofence_ids'],
      [{ type: 'speeding' }, 'speeding_config'],
      [{ type: 'speeding', speeding_config: { time_tolerance: 10 } }, 'speeding_config.customer_speed_limit'],
      [{ type: 'idle' }, 'idle_config'],
      [{ type: 'idle', idle_config: { time_tolerance: 1000 } }, 'idle_config.distance_tolerance'],
      [{ type: 'wander' }, 'type'],
      [{ type: 'speeding', speeding_config: { customer_speed_limit: -1 } }, 'speeding_config.customer_speed_limit'],
      [{ name: 'no type' }, 'type'],
    ];
    for (const [body, field] of cases) {
      const r = await api.create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toContain(field);
    }
  });

  it('refuses geofence ids that do not exist in the caller space (400)', async () => {
    const api = monitorApi(key);
    const r = await api.create({ type: 'exit', geofence_ids: [fenceA, 'nope'] });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('"nope"');
    const ok = (await api.create({ type: 'exit', geofence_ids: [fenceA] })).body.data.id;
    const u = await api.update(ok, { geofence_config: { geofence_ids: ['missing-too'] } });
    expect(u.status).toBe(400);
  });

  it('list: tags filter, sort, pagination', async () => {
    const own = (await newOrgKey()).key;
    const api = monitorApi(own);
    for (const [name, tags] of [
      ['c', ['x']],
      ['a', ['x', 'y']],
      ['b', ['y']],
    ] as const) {
      expect((await api.create({ type: 'idle', name, tags, idle_config: { distance_tolerance: 20, time_tolerance: 60000 } })).status).toBe(
        200,
      );
    }
    const byName = await api.list({ sort: 'name:asc' });
    expect(byName.body.data.list.map((m: { name: string }) => m.name)).toEqual(['a', 'b', 'c']);
    expect(byName.body.data.page).toEqual({ total: 3, offset: 0, page: 1, size: 20, hasmore: false });
    const tagged = await api.list({ tags: 'x', sort: 'name:desc' });
    expect(tagged.body.data.list.map((m: { name: string }) => m.name)).toEqual(['c', 'a']);
    const page2 = await api.list({ ps: '2', pn: '2', sort: 'name:asc' });
    expect(page2.body.data.list.map((m: { name: string }) => m.name)).toEqual(['c']);
    expect(page2.body.data.page).toEqual({ total: 3, offset: 2, page: 2, size: 2, hasmore: false });
    expect((await api.list({ ps: '2', sort: 'name:asc' })).body.data.page.hasmore).toBe(true);
    expect((await api.list({ sort: 'color:asc' })).status).toBe(400);
  });

  it('isolation: a namespace and another organisation neither see nor use the monitors and geofences', async () => {
    const api = monitorApi(key);
    const id = (await api.create({ type: 'enter', geofence_ids: [fenceA] })).body.data.id;
    process.env.WAYMARK_KEY_DELAY_SECONDS = '0';
    const ns = await invoke(createNamespacedKey, {
      method: 'POST',
      path: '/namespaced-apikeys',
      query: { key, namespace: 'fleet-x' },
      rawBody: '{}',
    });
    process.env.WAYMARK_KEY_DELAY_SECONDS = '1';
    expect(ns.status).toBe(200);
    const other = (await newOrgKey()).key;
    for (const k of [ns.body.result.apikey as string, other]) {
      const o = monitorApi(k);
      expect((await o.get(id)).status).toBe(404);
      expect((await o.update(id, { name: 'stolen' })).status).toBe(404);
      expect((await o.remove(id)).status).toBe(404);
      expect((await o.list()).body.data.list).toEqual([]);
      const r = await o.create({ type: 'enter', geofence_ids: [fenceA] });
      expect(r.status).toBe(400); // fenceA is not in that space
      expect(r.body.message).toContain(fenceA);
      const mine = (await o.create({ type: 'idle', idle_config: { distance_tolerance: 10, time_tolerance: 1000 } })).body.data.id;
      expect((await api.get(mine)).status).toBe(404);
    }
    expect((await api.get(id)).status).toBe(200);
  });
});
