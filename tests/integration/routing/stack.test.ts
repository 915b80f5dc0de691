import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES_BEFORE_HIERARCHY } from '../../../shared/roads/network';
import { sharedStack, type SharedStack } from '../support/shared-stack';

// One run of a real `npm start` (the Gothenburg demo network it imports on first start): a
// route, a matrix, isochrones and a snapped trace through the HTTP API, the areas it serves,
// and `npx waymark route` against it.

const root = resolve(import.meta.dirname, '../../..');
const station = '57.70891,11.97462';
const korsvagen = '57.69680,11.98900';
const haga = '57.69870,11.95630';

describe('routing through the local stack', () => {
  let stack: SharedStack;

  const api = async (method: 'GET' | 'POST', path: string, params: Record<string, string | boolean | number>) => {
    const query = new URLSearchParams({ key: stack.apiKey, ...(method === 'GET' ? (params as Record<string, string>) : {}) });
    const res = await fetch(`${stack.baseUrl}${path}?${query}`, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify(params) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    stack = await sharedStack();
  }, 360_000);

  it('routes, matrixes, draws isochrones and snaps a trace in one run', async () => {
    const areas = await api('GET', '/areas', {});
    expect(areas.status).toBe(200);
    expect(areas.body.map((a: { code: string }) => a.code)).toContain('gothenburg');

    const route = await api('POST', '/directions/json', { origin: station, destination: korsvagen, waypoints: haga, steps: true });
    expect(route.status).toBe(200);
    expect(route.body.route.legs).toHaveLength(2);
    expect(route.body.route.distance).toBeGreaterThan(2000);

    const matrix = await api('GET', '/distancematrix/json', { origins: `${station}|${haga}`, destinations: `${haga}|${korsvagen}` });
    expect(matrix.status).toBe(200);
    expect(matrix.body.rows[0].elements[0].duration).toBeCloseTo(route.body.route.legs[0].duration.value, -1);
    expect(matrix.body.rows[1].elements[0]).toEqual({ distance: 0, duration: 0 });

    const iso = await api('GET', '/isochrone/json', { coordinates: station, contours_minutes: '3,6', polygons: 'true' });
    expect(iso.status).toBe(200);
    expect(iso.body.features.map((f: any) => f.properties.contour)).toEqual([6, 3]);

    const path = route.body.route.legs[0].steps
      .slice(0, -1)
      .map((s: any) => `${s.start_location.latitude.toFixed(5)},${s.start_location.longitude.toFixed(5)}`)
      .join('|');
    const snapped = await api('POST', '/snapToRoads/json', { path, road_info: 'max_speed' });
    expect(snapped.status).toBe(200);
    expect(snapped.body.snappedPoints.length).toBe(path.split('|').length);
    expect(snapped.body.snappedPoints.every((p: any) => p.distance < 15)).toBe(true);

    // Directions latency through the whole local stack, for docs/development/benchmarks.md#routing (printed, not asserted).
    // The first ROUTES_BEFORE_HIERARCHY routes on a metric run Dijkstra and the next one builds
    // the hierarchy: warm past them, so the figure is that of a process that keeps routing.
    const directions = (i: number) => api('POST', '/directions/json', { origin: i % 2 ? station : haga, destination: korsvagen });
    for (let i = 0; i <= ROUTES_BEFORE_HIERARCHY; i++) expect((await directions(i)).status).toBe(200);
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      await directions(i);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`directions through the local stack, on the hierarchy: p50 ${times[15].toFixed(1)} ms, p90 ${times[27].toFixed(1)} ms`);
  }, 240_000);

  it('prints a route with `npx waymark route`', async () => {
    const { stdout } = await promisify(execFile)(resolve(root, 'infra/cli/waymark.mjs'), ['route', station, haga, korsvagen], {
      cwd: root,
      env: { ...stack.env, WAYMARK_BASE_URL: stack.baseUrl, WAYMARK_API_KEY: stack.apiKey },
      timeout: 60_000,
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\d+\.\d\d km, \d+ min \(car\)$/);
    expect(lines.filter((l) => l.startsWith('leg '))).toHaveLength(2);
    expect(lines.some((l) => /turn (slight |sharp )?(left|right) onto \S/.test(l))).toBe(true);
    expect(lines[lines.length - 1].trim()).toMatch(/^arrive/);
  }, 90_000);
});
