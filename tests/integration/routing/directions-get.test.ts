import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../compat/client';
import { gothenburgClient, refused, releaseNetworks } from './client-session';
import type * as T from './client-types';

// Directions as the commercial docs give them first: a GET with query parameters, answering
// what the POST answers for the same fields.

let client: Client;

beforeAll(async () => ({ client } = await gothenburgClient()));
afterAll(releaseNetworks);

describe('GET /directions/json', () => {
  it('answers the same routes as the POST for the same fields', async () => {
    const params = {
      origin: '57.70891,11.97462',
      destination: '57.69680,11.98900',
      waypoints: '57.69870,11.95630',
      steps: true,
      geometry: 'polyline6',
      avoid: 'toll|highway',
      departure_time: 1795501800,
    } satisfies T.DirectionComputeRouteParams;
    const posted = await client.post<T.DirectionComputeRouteResponse>('/directions/json', params);
    const got = await client.get<T.DirectionComputeRouteResponse>('/directions/json', params);
    expect(got.status).toBe('Ok');
    expect(got).toEqual(posted);
    const alternatives = { origin: params.origin, destination: params.destination, alternatives: true, altcount: 2 };
    expect(await client.get('/directions/json', alternatives)).toEqual(await client.post('/directions/json', alternatives));
  });

  it('refuses a missing or malformed point with a 400 naming the field', async () => {
    const missing = await refused(client.get('/directions/json', { origin: '57.70891,11.97462' }));
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('destination');
    const bad = await refused(client.get('/directions/json', { origin: '57.7', destination: '57.69680,11.98900' }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('origin');
  });
});
