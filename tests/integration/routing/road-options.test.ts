import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { haversine, type Network } from '../../../shared/roads';
import type { Client } from '../compat/client';
import { gothenburgClient, refused, releaseNetworks } from './client-session';
import type * as T from './client-types';

// The side of the road and the road kinds through the real handlers on the Gothenburg demo
// network, in the official client's shapes: curb approaches, service roads avoided (soft) or
// excluded (hard), and turn and tunnel avoids passed on to the engine.

const station = '57.70891,11.97462';
/** 18 m beside Johannebergsgatan, on the left of the direct way in from the station. */
const johanneberg = '57.6968,11.9841';
/** On a service road off Landalabergen. */
const yard = '57.6918,11.9702';

const at = (s: string) => s.split(',').map(Number) as [number, number];
const pointOf = (p: string) => ({ lat: at(p)[0], lon: at(p)[1] });
const metresTo = (p: string, l: T.Location | undefined) => haversine(...at(p), l!.latitude!, l!.longitude!);

let client: Client;
let net: Network;

beforeAll(async () => ({ client, net } = await gothenburgClient()));
afterAll(releaseNetworks);

const route = async (params: T.DirectionComputeRouteParams) =>
  (await client.post<T.DirectionComputeRouteResponse>('/directions/json', params)).route!;

describe('approaches=curb', () => {
  it('makes directions arrive with the stop on the right, and the matrix agrees', async () => {
    const free = await route({ origin: station, destination: johanneberg });
    const curb = await route({ origin: station, destination: johanneberg, approaches: 'curb' });
    expect(curb.distance!).toBeGreaterThan(free.distance! + 100);
    expect(metresTo(johanneberg, curb.end_location)).toBeLessThan(25);
    const unrestricted = await route({ origin: station, destination: johanneberg, approaches: 'unrestricted' });
    expect(unrestricted.distance).toBe(free.distance);

    const query: T.JsonRetrieveParams = {
      origins: station,
      destinations: `${johanneberg}|${station}`,
      approaches: 'curb;',
      avoid: 'ferry',
    };
    const matrix = await client.get<T.JsonRetrieveResponse>('/distancematrix/json', { ...query });
    expect(Math.abs(matrix.rows![0].elements![0].duration! - curb.duration!)).toBeLessThanOrEqual(1);
    expect(Math.abs(matrix.rows![0].elements![0].distance! - curb.distance!)).toBeLessThanOrEqual(1);
    expect(matrix.rows![0].elements![1]).toEqual({ distance: 0, duration: 0 });
    const posted = await client.post<T.JsonRetrieveResponse>('/distancematrix/json', query);
    expect(posted.rows).toEqual(matrix.rows);
  });

  it('is refused with the rule when the count of entries is wrong', async () => {
    const wrong = await refused(
      client.get('/distancematrix/json', { origins: station, destinations: johanneberg, approaches: 'curb;curb' }),
    );
    expect(wrong.body).toMatchObject({
      status: 400,
      field: 'query.approaches',
      message: expect.stringContaining('one entry per destination (1)'),
    });
  });
});

describe('service roads', () => {
  it('are avoided softly by avoid=service_road and excluded hard by exclude=service_road', async () => {
    const free = await route({ origin: station, destination: yard });
    expect(metresTo(yard, free.end_location)).toBeLessThan(10);
    const avoided = await route({ origin: station, destination: yard, avoid: 'service_road' });
    expect(avoided.duration!).toBeGreaterThan(free.duration!);
    // Soft: the stop is still reached on its own service road.
    expect(metresTo(yard, avoided.end_location)).toBeLessThan(10);
    const excluded = await route({ origin: station, destination: yard, exclude: 'service_road' });
    // Hard: the stop snaps to the nearest road that is not a service road.
    expect(metresTo(yard, excluded.end_location)).toBeGreaterThan(30);
  });
});

describe('turn and tunnel avoids', () => {
  it('reach the engine as TravelOptions from directions and both distance matrices', async () => {
    const route = vi.spyOn(net, 'route');
    const matrix = vi.spyOn(net, 'matrix');
    try {
      await client.post('/directions/json', {
        origin: station,
        destination: yard,
        avoid: 'toll|left_turn|sharp_turn|tunnel',
        // A hard left-turn ban at a 45° sharp limit leaves this network no route now that the engine obeys it.
        exclude: 'uturn',
        turn_angle_range: 135,
      });
      expect(route.mock.calls.at(-1)![1]).toMatchObject({
        avoid: { toll: true, exclude: { tunnel: true } },
        turns: { avoid: { leftTurn: true, sharpTurn: true }, exclude: { uturn: true }, sharpTurnAngle: 45 },
      });
      await client.get('/distancematrix/json', { origins: station, destinations: yard, avoid: 'right_turn' });
      expect(matrix.mock.calls.at(-1)![1]).toMatchObject({ turns: { avoid: { rightTurn: true } } });
      await client.post('/distancematrix/json', { origins: station, destinations: yard, avoid: 'sharp_turn' });
      expect(matrix.mock.calls.at(-1)![1]).toMatchObject({ turns: { avoid: { sharpTurn: true }, sharpTurnAngle: 60 } });
    } finally {
      route.mockRestore();
      matrix.mockRestore();
    }
  });

  it('change the route on the real engine: left turns avoided softly, excluded hard', async () => {
    const free = await route({ origin: station, destination: johanneberg });
    const avoided = await route({ origin: station, destination: johanneberg, avoid: 'left_turn' });
    const excluded = await route({ origin: station, destination: johanneberg, exclude: 'left_turn' });
    // Around the block rather than across the traffic: longer, and what the engine itself answers.
    expect(avoided.distance!).toBeGreaterThan(free.distance! + 500);
    const engine = net.route([pointOf(station), pointOf(johanneberg)], { turns: { exclude: { leftTurn: true } } });
    expect(excluded.distance).toBeCloseTo(engine.distance, 0);
    // The yard cannot be reached without a left turn: soft still routes, hard finds none.
    expect((await route({ origin: station, destination: yard, avoid: 'left_turn' })).distance).toBeGreaterThan(0);
    const none = await refused(client.post('/directions/json', { origin: station, destination: yard, exclude: 'left_turn' }));
    expect(none.body).toMatchObject({ status: 422, message: expect.stringContaining('no route') });
  });

  it('count a turn as sharp by turn_angle_range: 0 permits every turn, 150 almost none', async () => {
    // turn_angle_range is a documented parameter the client's types do not carry yet
    const every = (
      await client.post<T.DirectionComputeRouteResponse>('/directions/json', {
        origin: yard,
        destination: station,
        exclude: 'sharp_turn',
        turn_angle_range: 0,
      })
    ).route!;
    const engine = net.route([pointOf(yard), pointOf(station)], { turns: { exclude: { sharpTurn: true }, sharpTurnAngle: 180 } });
    expect(every.distance).toBeCloseTo(engine.distance, 0);
    const few = await refused(
      client.post('/directions/json', { origin: yard, destination: station, exclude: 'sharp_turn', turn_angle_range: 150 }),
    );
    expect(few.body).toMatchObject({ status: 422, message: expect.stringContaining('no route') });
  });

  it('refuse turn_angle_range without sharp_turn, naming the field and rule', async () => {
    const wrong = await refused(
      client.post('/directions/json', { origin: station, destination: yard, avoid: 'uturn', turn_angle_range: 90 }),
    );
    expect(wrong.body).toMatchObject({ status: 400, field: 'turn_angle_range', message: expect.stringContaining('sharp_turn') });
  });
});

describe('avoid=ferry on a network without ferries', () => {
  it('routes on the plain metric, so a hierarchy built for plain matrices serves directions too', async () => {
    expect(net.metricFor({ profile: 'car', avoid: { ferry: true } })).toBe(net.metricFor({ profile: 'car' }));
    const plain = await route({ origin: station, destination: yard, avoid: 'none' });
    const byDefault = await route({ origin: station, destination: yard });
    expect(byDefault).toEqual(plain);
  });
});
