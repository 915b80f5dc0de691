import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../../functions/console/page';
import { roadLines } from '../../../shared/routing/road-lines';
import { loadGothenburgSample, type Network } from '../../../shared/roads';

describe('console page files', () => {
  const dist = mkdtempSync(join(tmpdir(), 'waymark-console-'));
  beforeAll(() => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!DOCTYPE html><title>x</title>');
    writeFileSync(join(dist, 'assets/app-1a2b.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets/icon-1a2b.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves the page and its assets with their content types', async () => {
    const page = (await serve(dist, 'index.html')) as any;
    expect(page.contentType).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(page.headers['content-security-policy']).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    const script = (await serve(dist, 'assets/app-1a2b.js')) as any;
    expect(script.contentType).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('console.log(1)');
    expect(script.headers['cache-control']).toMatch(/immutable/);
    const image = (await serve(dist, 'assets/icon-1a2b.png')) as any;
    expect(image.contentType).toBe('image/png');
    expect(Buffer.isBuffer(image.body)).toBe(true);
  });

  it('answers 404 outside the build folder and for unknown files', async () => {
    for (const file of ['../package.json', '../../../etc/passwd', 'assets', 'nope.js', 'assets/app-1a2b.ts']) {
      await expect(serve(dist, file)).rejects.toMatchObject({ status: 404 });
    }
  });

  it('answers 503 saying how to build when there is no build', async () => {
    await expect(serve(join(dist, 'missing'), 'index.html')).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('npm run build:console'),
    });
  });
});

describe('road lines for the console basemap', () => {
  let net: Network;
  beforeAll(() => {
    net = loadGothenburgSample();
  }, 60_000);

  it('joins segments into lines, most important classes first, within the point budget', () => {
    const all = roadLines([net], 1_000_000);
    const classes = all.features.map((f) => f.properties.class);
    expect(classes[0]).toBe('motorway');
    expect(classes).toContain('residential');
    expect(classes).not.toContain('service');
    const points = (fc: typeof all) => fc.features.flatMap((f) => f.geometry.coordinates).reduce((n, line) => n + line.length, 0);
    const lines = all.features.reduce((n, f) => n + f.geometry.coordinates.length, 0);
    // Chains through nodes where nothing branches: far fewer lines than OSM segments (an edge has one more than its shape points).
    expect(lines).toBeLessThan((net.edgeCount + net.graph.data.shapeLat.length) / 5);
    for (const [lon, lat] of all.features[0].geometry.coordinates[0]) expect(net.covers({ lat, lon })).toBe(true);

    const small = roadLines([net], 5_000);
    expect(points(small)).toBeLessThanOrEqual(5_000);
    expect(small.features.map((f) => f.properties.class)).toEqual(classes.slice(0, small.features.length));
  });
});
