import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchChromium } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/shared-stack';

// The map console in a real browser against the real `npm start`: the user's
// path of pasting the printed key, drawing geofences with the mouse, testing a
// point, watching an asset move and optimizing the demo problem. Screenshots
// land in .artifacts/console for a human to look at.

const SHOTS = resolve(import.meta.dirname, '../../../.artifacts/console');

describe('map console', () => {
  let stack: SharedStack;
  let browser: Browser;
  let page: Page;
  let centre: { x: number; y: number };
  const errors: string[] = [];

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.baseUrl}${path}${path.includes('?') ? '&' : '?'}key=${stack.apiKey}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const shot = (name: string) => page.screenshot({ path: resolve(SHOTS, `${name}.png`) });
  const drawWith = async (tool: string, name: string) => {
    await page.fill('[data-testid=geofence-name]', name);
    await page.click(`[data-testid=mode-${tool}]`);
  };
  /** The id the page reports for the geofence it just created (not the one before). */
  const createdId = async (previous = '') => {
    let id = '';
    await expect
      .poll(
        async () => {
          id = /Created geofence (\S+)/.exec((await page.textContent('[data-testid=status]')) ?? '')?.[1] ?? '';
          return id !== '' && id !== previous;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    return id;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [stack, browser] = await Promise.all([sharedStack(), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
  }, 600_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
  }, 60_000);

  it('drives the Chromium of the @sparticuz/chromium npm package, not a system browser', async () => {
    // The package's main entry sits under build/, so its package.json is one folder up.
    const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
    const pkg = JSON.parse(readFileSync(resolve(dirname(entry), '../package.json'), 'utf8')) as { version: string };
    const path = await chromiumPath();
    console.log(`console tests drive ${path} (Chromium ${browser.version()})`);
    expect(path).not.toBe('/usr/bin/chromium');
    // The package's major version is the Chromium major it ships.
    expect(browser.version().split('.')[0]).toBe(pkg.version.split('.')[0]);
  });

  it('serves the page without a key and draws the basemap', async () => {
    const res = await fetch(`${stack.baseUrl}/console`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const roads = (await (await fetch(`${stack.baseUrl}/console/network.geojson`)).json()) as { features: unknown[] };
    expect(roads.features.length).toBeGreaterThan(0);

    await page.goto(`${stack.baseUrl}/console`);
    await page.waitForSelector('body[data-basemap=ready]', { timeout: 60_000 });
    await page.fill('[data-testid=api-key]', stack.apiKey);
    await page.click('[data-testid=save-key]');
    await page.waitForSelector('body[data-loaded=true]', { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('waymark.console.key'))).toBe(stack.apiKey);
    const box = (await page.locator('[data-testid=map]').boundingBox())!;
    centre = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    expect(errors).toEqual([]);
  }, 120_000);

  it('creates a circle and a polygon geofence drawn with the mouse', async () => {
    await drawWith('circle', 'e2e circle');
    await page.mouse.click(centre.x, centre.y);
    await page.mouse.move(centre.x + 60, centre.y, { steps: 4 });
    await page.mouse.click(centre.x + 80, centre.y);
    const circleId = await createdId();
    const circle = await api('GET', `/geofence/${circleId}`);
    expect(circle.status).toBe(200);
    expect(circle.body.data.geofence).toMatchObject({ type: 'circle', name: 'e2e circle' });
    expect(circle.body.data.geofence.circle_radius).toBeGreaterThan(0);

    await drawWith('polygon', 'e2e polygon');
    const corners = [
      [-300, -250],
      [-150, -250],
      [-150, -120],
    ];
    for (const [dx, dy] of corners) await page.mouse.click(centre.x + dx, centre.y + dy);
    await page.mouse.dblclick(centre.x - 300, centre.y - 120);
    const polygonId = await createdId(circleId);

    const { body } = await api('GET', '/geofence/list?ps=100');
    const byId = new Map(
      (body.data.list as Array<{ id: string; type: string; geojson: { coordinates: number[][][] } }>).map((g) => [g.id, g]),
    );
    expect(byId.get(circleId)?.type).toBe('circle');
    expect(byId.get(polygonId)?.type).toBe('polygon');
    // Four corners and the closing point: the double-click's own clicks added nothing.
    expect(byId.get(polygonId)!.geojson.coordinates[0]).toHaveLength(5);
    await expect.poll(() => page.locator('[data-testid=geofence-item]').count()).toBe(2);
    await expect.poll(() => page.locator('path.geofence-shape').count()).toBe(2);
  }, 120_000);

  it('tests containment with a click', async () => {
    await page.click('[data-testid=mode-test]');
    await page.mouse.click(centre.x + 5, centre.y + 5);
    await expect.poll(() => page.textContent('[data-testid=contain-result]'), { timeout: 20_000 }).toBe('Inside: e2e circle');
    await shot('geofences');
    await page.mouse.click(centre.x + 300, centre.y + 250);
    await expect.poll(() => page.textContent('[data-testid=contain-result]'), { timeout: 20_000 }).toBe('Outside every geofence');
    await page.click('[data-testid=mode-test]');
  }, 60_000);

  it('shows an asset, its track and its monitor events read with the list', async () => {
    const circleId = (await api('GET', '/geofence/list?ps=100')).body.data.list.find((g: { type: string }) => g.type === 'circle').id;
    const centreOf = (await api('GET', `/geofence/${circleId}`)).body.data.geofence.circle_center as { lat: number; lon: number };
    expect((await api('POST', '/tracking/monitor', { type: 'enter_and_exit', name: 'e2e', geofence_ids: [circleId] })).status).toBe(200);
    expect((await api('POST', '/tracking/asset', { custom_id: 'van-1', name: 'van 1' })).status).toBe(200);
    expect((await api('POST', '/tracking/asset/van-1/bind', { device_id: 'dev-1' })).status).toBe(200);
    const now = Date.now();
    // From well west of the circle into its centre: an enter event.
    const locations = [0.2, 0.1, 0.05, 0].map((dLon, i) => ({
      location: { lat: centreOf.lat, lon: centreOf.lon - dLon },
      timestamp: now - 40_000 + i * 10_000,
    }));
    expect((await api('POST', '/tracking/asset/van-1/track', { device_id: 'dev-1', locations })).status).toBe(200);
    // With the live channel up the list is read every 30 s (the next test: points pushed as they
    // arrive); a new page reads it at once.
    await page.reload();
    await page.waitForSelector('[data-testid=asset-item]', { timeout: 30_000 });
    await page.waitForSelector('path.asset-track', { state: 'attached', timeout: 30_000 });
    await expect.poll(() => page.textContent('[data-testid=event-list]'), { timeout: 30_000 }).toMatch(/van-1 enter e2e circle/);
    // Drawn where it happened, on the events layer.
    expect(await page.locator('path.event-marker').count()).toBeGreaterThan(0);
  }, 90_000);

  it('moves an asset as the live channel pushes its points, and shows its events as they happen', async () => {
    await page.reload();
    await expect.poll(() => page.getAttribute('[data-testid=live-status]', 'data-state'), { timeout: 30_000 }).toBe('live');
    const pushed = async () => Number((await page.getAttribute('[data-testid=live-status]', 'data-pushed')) ?? '0');
    // Points are pushed only once the page's subscriptions are confirmed (the list loads first).
    const monitorId = (await api('GET', '/tracking/monitor/list?ps=50')).body.data.list[0].id as string;
    const subscribed = async () => ((await page.getAttribute('[data-testid=live-status]', 'data-subscribed')) ?? '').split(' ');
    await expect.poll(subscribed, { timeout: 30_000 }).toEqual(expect.arrayContaining(['asset:van-1', `monitor:${monitorId}`]));
    const before = await pushed();
    const circle = (await api('GET', '/geofence/list?ps=100')).body.data.list.find((g: { type: string }) => g.type === 'circle');
    const centreOf = (await api('GET', `/geofence/${circle.id}`)).body.data.geofence.circle_center as { lat: number; lon: number };
    // Out of the circle again: a point and an exit event, both pushed.
    const out = { location: { lat: centreOf.lat, lon: centreOf.lon + 0.2 }, timestamp: Date.now() };
    expect((await api('POST', '/tracking/asset/van-1/track', { device_id: 'dev-1', locations: [out] })).status).toBe(200);
    // Counted only for what arrives on the socket, so the list's own reads cannot pass this.
    await expect.poll(pushed, { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 2);
    await expect.poll(() => page.textContent('[data-testid=event-list]'), { timeout: 10_000 }).toMatch(/van-1 exit e2e circle/);
    expect(errors).toEqual([]);
  }, 90_000);

  it('pages and searches the asset list, and switches layers on and off', async () => {
    for (let i = 0; i < 24; i++) {
      const made = await api('POST', '/tracking/asset', { custom_id: `pager-${i}`, name: `pager ${i}`, tags: [i % 2 ? 'odd' : 'even'] });
      expect(made.status).toBe(200);
    }
    // A refresh fetches each listed asset's track and events: allow it some seconds.
    const poll = { timeout: 30_000 };
    const pageText = () => page.textContent('[data-testid=asset-page]');
    const listedIds = () => page.locator('[data-testid=asset-item]').evaluateAll((items) => items.map((i) => i.getAttribute('data-id')!));
    await page.reload();
    await page.waitForSelector('body[data-loaded=true]', poll);
    // 25 assets: a page of 20 newest first, then the rest.
    await expect.poll(pageText, poll).toBe('page 1 of 2 · 25 assets');
    const first = await listedIds();
    expect(first).toHaveLength(20);
    await page.click('[data-testid=asset-next]');
    await expect.poll(pageText, poll).toBe('page 2 of 2 · 25 assets');
    const second = await listedIds();
    // Pages neither lose nor repeat an asset.
    expect(new Set([...first, ...second]).size).toBe(25);
    expect(second).toContain('van-1');
    await page.click('[data-testid=asset-prev]');
    await expect.poll(pageText, poll).toBe('page 1 of 2 · 25 assets');

    const searchFor = async (text: string) => {
      await page.fill('[data-testid=asset-search]', text);
      await page.press('[data-testid=asset-search]', 'Enter');
    };
    await searchFor('odd');
    await expect.poll(pageText, poll).toBe('page 1 of 1 · 12 assets');
    await searchFor('van-1');
    await expect.poll(pageText, poll).toBe('page 1 of 1 · 1 assets');
    expect(await page.textContent('[data-testid=asset-list]')).toMatch(/^van 1/);

    // Fences off: their shapes leave the map, the asset stays; still off after a reload.
    await expect.poll(() => page.locator('path.asset-marker').count(), poll).toBe(1);
    expect(await page.locator('path.geofence-shape').count()).toBe(2);
    await page.getByLabel('Fences').uncheck();
    await expect.poll(() => page.locator('path.geofence-shape').count()).toBe(0);
    expect(await page.locator('path.asset-marker').count()).toBe(1);
    await page.reload();
    await page.waitForSelector('body[data-loaded=true]', poll);
    expect(await page.getByLabel('Fences').isChecked()).toBe(false);
    expect(await page.locator('path.geofence-shape').count()).toBe(0);
    await page.getByLabel('Fences').check();
    await expect.poll(() => page.locator('path.geofence-shape').count()).toBe(2);
    // Filled fences lie under routes and assets whatever order they were drawn in.
    const zOf = async (pane: string) =>
      Number(await page.evaluate(`getComputedStyle(document.querySelector('.leaflet-${pane}-pane')).zIndex`));
    expect(await zOf('fences')).toBeLessThan(await zOf('routes'));
    expect(await zOf('routes')).toBeLessThan(await zOf('assets'));
    expect(errors).toEqual([]);
  }, 120_000);

  it('takes the key from the address and drops it from there', async () => {
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(`${stack.baseUrl}/console?key=${stack.apiKey}`);
    await fresh.waitForSelector('body[data-loaded=true]', { timeout: 60_000 });
    expect(new URL(fresh.url()).searchParams.has('key')).toBe(false);
    expect(await fresh.evaluate(() => localStorage.getItem('waymark.console.key'))).toBe(stack.apiKey);
    await expect.poll(() => fresh.locator('[data-testid=geofence-item]').count()).toBe(2);
    await context.close();
  }, 90_000);

  it('optimizes the demo problem and draws each route with numbered stops', async () => {
    const problem = JSON.parse(await page.inputValue('[data-testid=opt-problem]')) as { jobs: unknown[] };
    await page.click('[data-testid=opt-submit]');
    await page.waitForSelector('[data-testid=opt-status][data-state=pending]', { timeout: 30_000 });
    await page.waitForSelector('[data-testid=opt-status][data-state=done]', { timeout: 90_000 });
    const routes = await page.locator('[data-testid=route-item]').count();
    expect(routes).toBeGreaterThanOrEqual(1);
    expect(await page.locator('path.route-line').count()).toBe(routes);
    expect(await page.locator('.stop-marker:not(.depot-marker)').count()).toBe(problem.jobs.length);
    const colours = await page.locator('path.route-line').evaluateAll((paths) => new Set(paths.map((p) => p.getAttribute('stroke'))).size);
    expect(colours).toBe(routes);
    await shot('optimization');
    expect(errors).toEqual([]);
  }, 150_000);

  it("draws the key's road restrictions in view, in force or not", async () => {
    const track = [
      [11.9777965, 57.7056031],
      [11.9774742, 57.7051804],
    ];
    const made = await api('POST', '/restrictions/closure', { area: 'gothenburg', name: 'e2e works', tracks: track });
    expect(made.status).toBe(200);
    await page.reload();
    await expect
      .poll(() => page.textContent('[data-testid=restriction-list]'), { timeout: 30_000 })
      .toContain('e2e works · closure · active');
    await expect.poll(() => page.locator('path.restriction-item').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await shot('restrictions');
    expect(errors).toEqual([]);
  }, 90_000);
});
