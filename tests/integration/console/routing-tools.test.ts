import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/shared-stack';

// The console's Route and Isochrone tools in a real browser against the real `npm start` (the
// Gothenburg demo network it imports): clicks on the map ask the API, and what the page draws and
// writes is what the API answered. Screenshots land in .artifacts/console.

const SHOTS = resolve(import.meta.dirname, '../../../.artifacts/console');

interface RouteAnswer {
  route: {
    distance: number;
    duration: number;
    geojson: { geometry: { type: string; coordinates: number[][] } };
    legs: Array<{ steps: unknown[] }>;
  };
}
interface IsochroneAnswer {
  features: Array<{ geometry: { type: string }; properties: { contour: number; color: string } }>;
}

describe('map console: route and isochrone tools', () => {
  let stack: SharedStack;
  let browser: Browser;
  let page: Page;
  let centre: { x: number; y: number };
  const errors: string[] = [];

  const answerTo = (path: string) => page.waitForResponse((r: Response) => new URL(r.url()).pathname === path, { timeout: 60_000 });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [stack, browser] = await Promise.all([sharedStack(), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.baseUrl}/console`);
    // The map fits the loaded network (Gothenburg) once the basemap is drawn.
    await page.waitForSelector('body[data-basemap=ready]', { timeout: 60_000 });
    await page.fill('[data-testid=api-key]', stack.apiKey);
    await page.click('[data-testid=save-key]');
    await page.waitForSelector('body[data-loaded=true]', { timeout: 30_000 });
    const box = (await page.locator('[data-testid=map]').boundingBox())!;
    centre = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  }, 600_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
  }, 60_000);

  it('draws the route between two clicks and shows its distance, duration and steps', async () => {
    await page.click('[data-testid=mode-route]');
    expect(await page.textContent('[data-testid=routing-result]')).toBe('Click the start, then the destination.');
    await page.mouse.click(centre.x - 120, centre.y - 60);
    await expect.poll(() => page.locator('path.leaflet-interactive').count()).toBeGreaterThan(0);
    const answered = answerTo('/directions/json');
    await page.mouse.click(centre.x + 140, centre.y + 90);
    const response = await answered;
    expect(response.status()).toBe(200);
    const sent = JSON.parse(response.request().postData()!) as { origin: string; destination: string; geometry: string; steps: boolean };
    expect(sent).toMatchObject({ geometry: 'geojson', steps: true });
    const { route } = (await response.json()) as RouteAnswer;
    expect(route.distance).toBeGreaterThan(0);
    expect(route.geojson.geometry.type).toBe('LineString');

    // The panel states the API's figures, and the line on the map is the API's geometry.
    const expected = `${(route.distance / 1000).toFixed(2)} km, ${Math.round(route.duration / 60)} min, ${route.legs[0].steps.length} steps`;
    await expect.poll(() => page.textContent('[data-testid=routing-result]'), { timeout: 30_000 }).toBe(expected);
    expect(await page.getAttribute('[data-testid=routing-result]', 'data-distance')).toBe(String(route.distance));
    await expect.poll(() => page.locator('path.route-line').count()).toBe(1);
    expect(await page.getAttribute('path.route-line', 'stroke')).toBe('#c2255c');
    const onScreen = await page.locator('path.route-line').boundingBox();
    // The route runs between the two clicks (260 x 150 px apart), so its drawing spans a good part of that.
    expect(onScreen!.width + onScreen!.height).toBeGreaterThan(100);

    // The same request straight to the API gives the same route: the page shows the API's answer.
    const again = await fetch(`${stack.baseUrl}/directions/json?key=${stack.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sent),
    });
    expect(((await again.json()) as RouteAnswer).route.distance).toBe(route.distance);
    await page.screenshot({ path: resolve(SHOTS, 'route.png') });
  }, 120_000);

  it('draws the 5, 10 and 15 minute areas around a click, in the colours the API gives', async () => {
    await page.click('[data-testid=mode-isochrone]');
    expect(await page.textContent('[data-testid=routing-result]')).toBe('Click the start point.');
    const answered = answerTo('/isochrone/json');
    await page.mouse.click(centre.x + 20, centre.y - 30);
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get('contours_minutes')).toBe('5,10,15');
    const { features } = (await response.json()) as IsochroneAnswer;
    expect(features.map((f) => f.properties.contour)).toEqual([15, 10, 5]);
    expect(features.every((f) => f.geometry.type === 'Polygon')).toBe(true);

    await expect
      .poll(() => page.textContent('[data-testid=routing-result]'), { timeout: 30_000 })
      .toBe(`Reachable in ${features.map((f) => f.properties.contour).join(', ')} minutes`);
    expect(await page.getAttribute('[data-testid=routing-result]', 'data-contours')).toBe('3');
    // The route drawn before is cleared; one shape per contour, each in its feature's colour.
    await expect.poll(() => page.locator('path.isochrone-shape').count()).toBe(features.length);
    expect(await page.locator('path.route-line').count()).toBe(0);
    const strokes = await page.locator('path.isochrone-shape').evaluateAll((paths) => paths.map((p) => p.getAttribute('stroke')));
    expect(strokes).toEqual(features.map((f) => f.properties.color));
    // Larger contours hold the smaller ones: the 15-minute shape is drawn at least as large as the 5-minute one.
    const sizes = await page
      .locator('path.isochrone-shape')
      .evaluateAll((paths) => paths.map((p) => p.getBoundingClientRect()).map((b) => b.width * b.height));
    expect(sizes[0]).toBeGreaterThanOrEqual(sizes[2]);
    expect(sizes[2]).toBeGreaterThan(0);
    await page.screenshot({ path: resolve(SHOTS, 'isochrone.png') });
    expect(errors).toEqual([]);
  }, 120_000);
});
