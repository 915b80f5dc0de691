import { beforeAll, describe, expect, it } from 'vitest';
import { loadGothenburgSample, type Network } from '../../../shared/roads';
import { APIError, Client } from '../compat/client';
import { sharedStack } from '../support/shared-stack';

// The road editor through the official client's calls against `npm start`: every method of the
// restrictions family, and a restriction changing the next route and matrix entry of its own
// space only, until it is disabled or deleted.

const station = '57.70891,11.97462';
const johanneberg = '57.6968,11.9841';
/** Polls until `check` holds: a change counts within the routers' staleness (1 s) plus a request. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function refused(request: Promise<unknown>): Promise<APIError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  throw new Error('the request was not refused');
}

describe('the road editor through the client', () => {
  let client: Client;
  let other: Client;
  let net: Network;
  const distance = async (c: Client) =>
    (await c.post('/directions/json', { origin: station, destination: johanneberg })).route.distance as number;
  const matrixEntry = async (c: Client) =>
    (await c.get('/distancematrix/json', { origins: station, destinations: johanneberg })).rows[0].elements[0].distance as number;

  /** The distance of a one-vehicle, one-job plan from the station to Johanneberg. */
  const planned = async (c: Client) => {
    const problem = {
      locations: { id: 1, location: [station, johanneberg] },
      vehicles: [{ id: 'van', start_index: 0 }],
      jobs: [{ id: 1, location_index: 1 }],
      options: { objective: { solving_time_limit: 1 } },
    };
    const { id } = await c.post('/optimization/v2', problem);
    for (let i = 0; i < 120; i++) {
      const result = await c.get('/optimization/v2/result', { id });
      if (result.result?.routes) return result.result.summary.distance as number;
      await new Promise((done) => setTimeout(done, 500));
    }
    throw new Error(`optimization ${id} did not finish`);
  };

  beforeAll(async () => {
    const [a, b] = [await sharedStack(), await sharedStack()];
    client = new Client({ baseURL: a.baseUrl, apiKey: a.apiKey, maxRetries: 0 });
    other = new Client({ baseURL: b.baseUrl, apiKey: b.apiKey, maxRetries: 0 });
    net = loadGothenburgSample();
  }, 360_000);

  it('closes a road on a track: the next route and matrix go around it, for this space only, until disabled or deleted', async () => {
    const free = await distance(client);
    const freeMatrix = await matrixEntry(client);
    // the middle of the free route, as a track of two [lon, lat] positions
    const leg = net.route(
      [
        { lat: 57.70891, lon: 11.97462 },
        { lat: 57.6968, lon: 11.9841 },
      ],
      {},
    ).legs[0].coordinates!;
    const mid = Math.floor(leg.length / 2);
    const track = [leg[mid], leg[mid + 1]].map(([lat, lon]) => [lon, lat]);
    const created = await client.post('/restrictions/closure', {
      area: 'gothenburg',
      name: 'Works on the avenue',
      tracks: track,
      mode: ['4w'],
    });
    expect(created).toMatchObject({
      id: expect.any(Number),
      restriction_type: 'closure',
      state: 'enabled',
      status: 'active',
      direction: 'both',
      mode: ['4w'],
    });

    const closed = await eventually(
      () => distance(client),
      (d) => d !== free,
    );
    expect(closed).toBeGreaterThan(free);
    expect(
      await eventually(
        () => matrixEntry(client),
        (d) => d !== freeMatrix,
      ),
    ).toBeGreaterThan(freeMatrix);
    expect(await distance(other)).toBe(free);
    expect(Math.abs((await planned(client)) - closed)).toBeLessThanOrEqual(1);
    expect(Math.abs((await planned(other)) - free)).toBeLessThanOrEqual(1);
    // trucks are not bound by a 4w restriction
    expect((await client.post('/directions/json', { origin: station, destination: johanneberg, mode: 'truck' })).route.distance).not.toBe(
      closed,
    );

    const disabled = await client.put(`/restrictions/${created.id}/state`, { state: 'disabled' });
    expect(disabled).toMatchObject({ id: created.id, state: 'disabled', status: 'inactive' });
    expect(
      await eventually(
        () => distance(client),
        (d) => d === free,
      ),
    ).toBe(free);
    await client.put(`/restrictions/${created.id}/state`, { state: '`enabled`' });
    expect(
      await eventually(
        () => distance(client),
        (d) => d !== free,
      ),
    ).toBe(closed);

    expect(await client.delete(`/restrictions/${created.id}`)).toEqual({ id: created.id, state: 'deleted' });
    expect(
      await eventually(
        () => distance(client),
        (d) => d === free,
      ),
    ).toBe(free);
    expect(
      await eventually(
        () => matrixEntry(client),
        (d) => d === freeMatrix,
      ),
    ).toBe(freeMatrix);
  });

  it('bans a turn given by node numbers, and only within its time window', async () => {
    const leg = net
      .route(
        [
          { lat: 57.70891, lon: 11.97462 },
          { lat: 57.6968, lon: 11.9841 },
        ],
        {},
      )
      // a leg lists an edge once per segment of its polyline: one entry per edge here
      .legs[0].edges!.filter((e, i, all) => i === 0 || all[i - 1] !== e);
    const { tail, data } = net.graph;
    const at = leg.findIndex((e, i) => i > 0 && i < leg.length - 1 && data.firstOut[data.head[e] + 1] - data.firstOut[data.head[e]] >= 3);
    const turn = { from: tail[leg[at]], via: data.head[leg[at]], to: data.head[leg[at + 1]] };
    const free = await distance(client);
    const later = Math.floor(Date.now() / 1000) + 86_400;
    const future = await client.post('/restrictions/turn', {
      area: 'gothenburg',
      name: 'No turn tomorrow',
      turns: [turn],
      start_time: later,
    });
    expect(future.status).toBe('inactive');
    const now = await client.post('/restrictions/turn', { area: 'gothenburg', name: 'No turn', turns: [turn] });
    expect(
      await eventually(
        () => distance(client),
        (d) => d !== free,
      ),
    ).toBeGreaterThan(free);
    await client.delete(`/restrictions/${now.id}`);
    await client.delete(`/restrictions/${future.id}`);
    expect(
      await eventually(
        () => distance(client),
        (d) => d === free,
      ),
    ).toBe(free);
  });

  it('reads, updates and lists restrictions in the client shapes, and keeps spaces apart', async () => {
    const made = await client.post(
      '/restrictions/maxspeed',
      {
        area: 'gothenburg',
        name: 'School zone',
        speed_limit: 30,
        geofence: [
          [57.7, 11.97],
          [57.7, 11.98],
          [57.71, 11.98],
          [57.7, 11.97],
        ],
        repeat_on: 'Mo-Fr 07:00-09:00',
      },
      { latlon: true },
    );
    expect(made).toMatchObject({ restriction_type: 'maxspeed', speed_limit: 30, repeat_on: 'Mo-Fr 07:00-09:00' });
    expect(made.bbox).toEqual({ min_lat: 57.7, min_lon: 11.97, max_lat: 57.71, max_lon: 11.98 });
    expect(await client.get(`/restrictions/${made.id}`)).toEqual(made);
    const renamed = await client.patch(`/restrictions/${made.id}`, {
      area: 'gothenburg',
      name: 'School zone (summer)',
      speed_limit: 20,
      geofence: [
        [11.97, 57.7],
        [11.98, 57.7],
        [11.98, 57.71],
        [11.97, 57.7],
      ],
    });
    expect(renamed).toMatchObject({ id: made.id, name: 'School zone (summer)', speed_limit: 20, create_at: made.create_at });
    expect(renamed.repeat_on).toBeUndefined();

    const first = await client.get('/restrictions/list', { area: 'gothenburg', limit: 1, offset: 0 });
    const all = await client.get('/restrictions/list', { area: 'gothenburg', limit: 100, offset: 0 });
    expect(first.meta).toEqual({ limit: 1, offset: 0, total: all.meta.total });
    expect(all.data.map((r: { id: number }) => r.id)).toContain(made.id);
    const deleted = await client.get('/restrictions/list', { area: 'gothenburg', limit: 100, offset: 0, state: '`deleted`' });
    expect(deleted.data.every((r: { state: string }) => r.state === 'deleted')).toBe(true);
    const boxed = await client.get('/restrictions', {
      min_lat: 57.69,
      min_lon: 11.96,
      max_lat: 57.72,
      max_lon: 11.99,
      restriction_type: 'maxspeed',
    });
    expect(boxed.map((r: { id: number }) => r.id)).toEqual([made.id]);
    expect(await client.get('/restrictions', { min_lat: 58, min_lon: 12, max_lat: 58.1, max_lon: 12.1 })).toEqual([]);
    const items = await client.get('/restrictions_items', { min_lat: 57.6, min_lon: 11.9, max_lat: 57.8, max_lon: 12.1 });
    expect(Array.isArray(items)).toBe(true);

    // another space sees none of it
    expect((await refused(other.get(`/restrictions/${made.id}`))).status).toBe(404);
    expect((await other.get('/restrictions/list', { area: 'gothenburg', limit: 10, offset: 0 })).meta.total).toBe(0);
    expect((await refused(other.delete(`/restrictions/${made.id}`))).status).toBe(404);
  });

  it('refuses what names no road, no turn or no rule, naming the field', async () => {
    const body = { area: 'gothenburg', name: 'x' };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['closure', { ...body, area: 'atlantis', segments: [{ from: 1, to: 2 }] }, 'area'],
      ['closure', { ...body, segments: [{ from: 0, to: 999_999_999 }] }, 'segments[0].to'],
      ['closure', body, 'segments'],
      ['turn', { ...body, turns: [{ from: 0, via: 5, to: 9 }] }, 'turns[0]'],
      [
        'maxspeed',
        {
          ...body,
          tracks: [
            [11.97, 57.7],
            [11.971, 57.7],
          ],
        },
        'speed_limit',
      ],
      [
        'truck',
        {
          ...body,
          tracks: [
            [11.97, 57.7],
            [11.971, 57.7],
          ],
        },
        'weight',
      ],
      [
        'closure',
        {
          ...body,
          tracks: [
            [11.97, 57.7],
            [11.971, 57.7],
          ],
          repeat_on: 'whenever',
        },
        'repeat_on',
      ],
    ];
    for (const [type, request, field] of cases) {
      const error = await refused(client.post(`/restrictions/${type}`, request));
      expect(error.status, `${type} ${JSON.stringify(request)}`).toBe(400);
      expect((error.body as { field?: string }).field).toContain(field);
    }
    expect((await refused(client.post('/restrictions/bridge', body))).status).toBe(400);
    expect((await refused(client.get('/restrictions/123456789'))).status).toBe(404);
  });
});
