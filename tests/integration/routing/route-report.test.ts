import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../compat/client';
import { gothenburgClient, refused, releaseNetworks } from './client-session';

// POST /route_report through the official client's wire traffic on the Gothenburg demo network:
// a route's roads by class, its tolls, tunnels, bridges and speed limits, and its countries.

const station = '57.70891,11.97462';
const korsvagen = '57.69680,11.98900';
/** North of the river: a route to the station crosses it on a bridge or through a tunnel. */
const hisingen = '57.72000,11.94500';

let client: Client;

beforeAll(async () => ({ client } = await gothenburgClient()));
afterAll(releaseNetworks);

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

describe('POST /route_report', () => {
  it('reports a shape: distance by road class and country, speed runs over its vertices', async () => {
    const route = (await client.post('/directions/json', { origin: station, destination: korsvagen, geometry: 'polyline6' })).route;
    const report = await client.post('/route_report', { original_shape: route.geometry, original_shape_type: 'polyline6' });
    expect(report.status).toBe('Ok');
    expect(report.geometry).toHaveLength(1);
    const summary = report.road_summary[0].summary;
    expect(Math.abs(summary.distance - route.distance) / route.distance).toBeLessThan(0.05);
    expect(Math.abs(sum(summary.road_class) - summary.distance)).toBeLessThan(0.05 * summary.distance);
    expect(summary).toMatchObject({ has_toll: false, has_ferry: false, duration: expect.any(Number) });
    expect(report.mileage[0].summary.country).toEqual({ Sweden: expect.any(Number) });
    expect(sum(report.mileage[0].summary.country)).toBeCloseTo(summary.distance, 0);
    expect(Object.keys(report.mileage[0].summary.state)).toEqual([expect.stringMatching(/Västra Götaland/)]);
    const runs = report.road_summary[0].segment.road_class;
    expect(runs[0].offset).toBe(0);
    for (let i = 1; i < runs.length; i++) expect(runs[i].offset).toBe(runs[i - 1].offset + runs[i - 1].length - 1);
    for (const run of report.road_summary[0].segment.max_speed) expect(run.value).toBeGreaterThan(0);
  });

  it('routes given points first, and finds the river crossing', async () => {
    const report = await client.post('/route_report', { origin: hisingen, destination: station });
    const summary = report.road_summary[0].summary;
    const directions = (await client.post('/directions/json', { origin: hisingen, destination: station })).route;
    expect(summary.distance).toBeCloseTo(directions.distance, -1);
    expect(summary.duration).toBeCloseTo(directions.duration, 0);
    expect(summary.has_bridge || summary.has_tunnel).toBe(true);
  });

  it('refuses a missing or broken shape with a 400 naming the field', async () => {
    expect(JSON.stringify((await refused(client.post('/route_report', {}))).body)).toContain('original_shape');
    expect(JSON.stringify((await refused(client.post('/route_report', { original_shape: 'abc' }))).body)).toContain('original_shape_type');
    const far = await refused(client.post('/route_report', { original_shape: '_p~iF~ps|U_ulLnnqC', original_shape_type: 'polyline' }));
    expect(far.status).toBe(422);
  });
});
