import { beforeAll, describe, expect, it } from 'vitest';
import { newOrgKey } from '../support/keys';
import { trackingApi, type TrackingApi } from './api';

describe.concurrent('tracking assets', () => {
  let api: TrackingApi;
  beforeAll(async () => {
    api = trackingApi((await newOrgKey()).key);
  });

  it('creates an asset with a generated id and reads it back with every field', async () => {
    const res = await api.create({ name: 'Truck 1', description: 'reefer', attributes: { fleet: 'north' }, meta_data: { vin: 'X1' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Ok');
    const id = res.body.data.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const got = await api.get(id);
    expect(got.status).toBe(200);
    const a = got.body.data.asset;
    expect(a).toMatchObject({
      id,
      device_id: '',
      state: 'inactive',
      name: 'Truck 1',
      description: 'reefer',
      attributes: { fleet: 'north' },
      meta_data: { vin: 'X1' },
      tracked_at: 0,
      latest_location: null,
    });
    expect(Math.abs(a.created_at - Date.now() / 1000)).toBeLessThan(30);
    expect(a.updated_at).toBe(a.created_at);
  });

  it('serves the same handlers under /tracking and accepts the cluster parameter', async () => {
    const other = trackingApi((await newOrgKey()).key, '/tracking');
    const { body } = await other.create({ name: 'x' });
    const res = await other.list({ cluster: 'america' });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((a: { id: string }) => a.id)).toEqual([body.data.id]);
  });

  it('refuses a duplicate custom_id with 409 and x-should-retry: false', async () => {
    expect((await api.create({ custom_id: 'dup-1', name: 'a' })).status).toBe(200);
    const again = await api.create({ custom_id: 'dup-1', name: 'b' });
    expect(again.status).toBe(409);
    expect(again.headers['x-should-retry']).toBe('false');
    expect(again.body).toMatchObject({ status: 409, field: 'custom_id' });
    expect((await api.get('dup-1')).body.data.asset.name).toBe('a');
  });

  it('handles custom ids that need percent-encoding', async () => {
    const id = 'truck 7:a/b%';
    expect((await api.create({ custom_id: id })).body.data.id).toBe(id);
    expect((await api.get(id)).body.data.asset.id).toBe(id);
    expect((await api.bind(id, 'dev-7')).status).toBe(200);
  });

  it('validates the body and names the field', async () => {
    const bad = await api.create({ custom_id: 'list' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('custom_id');
    // Numbers and booleans are kept in their string form (attributes are string to string); nested values are refused.
    const attrs = await api.create({ attributes: { speed: { max: 5 } } });
    expect(attrs.status).toBe(400);
    expect(attrs.body.message).toMatch(/^attributes\.speed: /);
    expect((await api.get('nope')).status).toBe(404);
    expect((await api.update('nope', { name: 'x' })).status).toBe(404);
    expect((await api.remove('nope')).status).toBe(404);
  });

  it('updates fields, merges attributes and overwrites the bound device', async () => {
    await api.create({ custom_id: 'upd-1', name: 'old', attributes: { a: '1', b: '2' } });
    expect((await api.update('upd-1', { name: 'new', attributes: { c: '3' } })).body).toEqual({ status: 'Ok' });
    expect((await api.get('upd-1')).body.data.asset).toMatchObject({ name: 'new', attributes: { c: '3' } });
    await api.attributes('upd-1', { d: '4', c: 'x' });
    expect((await api.get('upd-1')).body.data.asset.attributes).toEqual({ c: 'x', d: '4' });
    await api.bind('upd-1', 'dev-a');
    await api.bind('upd-1', 'dev-b');
    expect((await api.get('upd-1')).body.data.asset.device_id).toBe('dev-b');
    expect((await api.bind('upd-1', '')).status).toBe(400);
  });

  it('lists with attribute filters, sort and pages', async () => {
    const own = trackingApi((await newOrgKey()).key);
    for (let i = 0; i < 5; i++) {
      await own.create({ custom_id: `l${i}`, attributes: { color: i % 2 ? 'red' : 'blue', size: String(i) } });
      await new Promise((r) => setTimeout(r, 5));
    }
    // Touch l1 so updated_at ordering differs from creation ordering.
    await new Promise((r) => setTimeout(r, 1000));
    await own.attributes('l1', { touched: 'yes' });

    const all = await own.list({ ps: '2' });
    expect(all.body.data.page).toEqual({ total: 5, offset: 0, page: 1, size: 2, hasmore: true });
    expect(all.body.data.list).toHaveLength(2);
    const last = await own.list({ ps: '2', pn: '3' });
    expect(last.body.data.page).toEqual({ total: 5, offset: 4, page: 3, size: 2, hasmore: false });
    expect(last.body.data.list).toHaveLength(1);

    const red = await own.list({ include_all_of_attributes: 'color:red' });
    expect(red.body.data.list.map((a: { id: string }) => a.id).sort()).toEqual(['l1', 'l3']);
    const redAnd = await own.list({ include_all_of_attributes: 'color:red|size:3' });
    expect(redAnd.body.data.list.map((a: { id: string }) => a.id)).toEqual(['l3']);
    const any = await own.list({ include_any_of_attributes: 'size:0|size:4|color:green' });
    expect(any.body.data.list.map((a: { id: string }) => a.id).sort()).toEqual(['l0', 'l4']);

    const upd = await own.list({ sort: 'updated_at:desc' });
    expect(upd.body.data.list[0].id).toBe('l1');
    const byName = await own.list({ sort: 'id:asc' });
    expect(byName.body.data.list.map((a: { id: string }) => a.id)).toEqual(['l0', 'l1', 'l2', 'l3', 'l4']);
    expect((await own.list({ sort: 'colour:up' })).status).toBe(400);
    expect((await own.list({ include_all_of_attributes: 'nocolon' })).status).toBe(400);
    expect((await own.list({ ps: '101' })).status).toBe(400);
  });
});
