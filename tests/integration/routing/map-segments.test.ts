import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../compat/client';
import { gothenburgClient, refused, releaseNetworks } from './client-session';

// POST /map/segments as the official client sends it (no body, Accept */*), and with a box, on
// the Gothenburg demo network.

let client: Client;

beforeAll(async () => ({ client } = await gothenburgClient()));
afterAll(releaseNetworks);

describe('POST /map/segments', () => {
  it('describes the loaded networks for the client’s empty call', async () => {
    const res = await client.post('/map/segments', undefined);
    expect(res).toMatchObject({ status: 'Ok', segments: [] });
    expect(res.networks).toEqual([{ name: 'gothenburg', bbox: expect.any(Object), segments: expect.any(Number) }]);
  });

  it('lists the road segments in a box with what the graph keeps of them', async () => {
    const res = await client.post('/map/segments', { bbox: '57.705,11.965,57.710,11.975', limit: 5000 });
    expect(res.segments.length).toBeGreaterThan(20);
    expect(res.truncated).toBeUndefined();
    for (const s of res.segments) {
      expect(s.id).toMatch(/^gothenburg:\d+$/);
      // a segment is a road between two graph nodes: its polyline, shape points included
      const points: number[][] = s.geometry.coordinates;
      expect(points.length).toBeGreaterThanOrEqual(2);
      const inBox = (lat: number, lon: number) => lat >= 57.705 && lat <= 57.71 && lon >= 11.965 && lon <= 11.975;
      expect(points.some(([lon, lat]) => inBox(lat, lon))).toBe(true);
      expect(s.length).toBeGreaterThan(0);
    }
    expect(res.segments.some((s: any) => s.name !== '')).toBe(true);
    expect(new Set(res.segments.map((s: any) => s.id)).size).toBe(res.segments.length);
    const few = await client.post('/map/segments', { bbox: '57.705,11.965,57.710,11.975', limit: 3 });
    expect(few.segments).toHaveLength(3);
    expect(few.truncated).toBe(true);
  });

  it('refuses a malformed box or limit with a 400 naming it', async () => {
    expect(JSON.stringify((await refused(client.post('/map/segments', { bbox: '57.71,11.97,57.70,11.96' }))).body)).toContain('bbox');
    expect(JSON.stringify((await refused(client.post('/map/segments', { bbox: '57.70,11.96,57.71,11.97', limit: 0 }))).body)).toContain(
      'limit',
    );
  });
});
