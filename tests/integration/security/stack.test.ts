import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/shared-stack';

// The real `npm start` as an attacker with an ordinary key would meet it: the pages forbid
// inline script, and names written through the API with markup in them stay text in the map console.

/** A name that runs script wherever it is parsed as HTML, in any of three ways. */
const HOSTILE = `<img src=x onerror="window.__xss=(window.__xss||0)+1"><script>window.__xss=99</script><svg onload="window.__xss=7">`;

describe('local stack and pages', () => {
  let stack: SharedStack;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const dialogs: string[] = [];

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.baseUrl}${path}?key=${stack.apiKey}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([sharedStack(), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
    // Counts what the Content-Security-Policy blocked, page by page.
    await page.addInitScript(`
      window.__blocked = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__blocked.push(e.violatedDirective));
    `);
  }, 600_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
  }, 60_000);

  it('serves /console and /docs with a policy that allows no inline script or framing; nosniff everywhere', async () => {
    for (const path of ['/console', '/docs']) {
      const res = await fetch(`${stack.baseUrl}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    for (const path of ['/openapi.json', '/docs/init.js', '/no/such/path', '/geofence/list']) {
      expect((await fetch(`${stack.baseUrl}${path}`)).headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('Swagger UI works under that policy', async () => {
    await page.goto(`${stack.baseUrl}/docs`);
    await page.waitForSelector('.opblock', { timeout: 60_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(20);
    expect(await page.evaluate('window.__blocked')).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('renders hostile geofence and asset names as text: no script runs', async () => {
    const fence = await api('POST', '/geofence', {
      type: 'circle',
      name: HOSTILE,
      circle: { center: { lat: 57.708, lon: 11.975 }, radius: 400 },
    });
    expect(fence.status).toBe(200);
    expect((await api('POST', '/tracking/asset', { custom_id: 'hostile-van', name: HOSTILE })).status).toBe(200);
    expect((await api('POST', '/tracking/asset/hostile-van/bind', { device_id: 'dev-x' })).status).toBe(200);
    const point = { location: { lat: 57.69, lon: 11.93 }, timestamp: Date.now() - 5000 };
    expect((await api('POST', '/tracking/asset/hostile-van/track', { device_id: 'dev-x', locations: [point] })).status).toBe(200);

    await page.goto(`${stack.baseUrl}/console`);
    await page.waitForSelector('body[data-basemap=ready]', { timeout: 60_000 });
    await page.fill('[data-testid=api-key]', stack.apiKey);
    await page.click('[data-testid=save-key]');
    await page.waitForSelector('body[data-loaded=true]', { timeout: 30_000 });

    expect(await page.textContent('[data-testid=geofence-item]')).toContain(HOSTILE);
    expect(await page.textContent('[data-testid=asset-item]')).toContain(HOSTILE);
    // Leaflet builds a tooltip when the pointer is over its shape.
    for (const shape of ['path.geofence-shape', 'path.asset-marker']) {
      await page.hover(shape, { force: true });
      await expect.poll(() => page.locator('.leaflet-tooltip').last().textContent(), { timeout: 10_000 }).toBe(HOSTILE);
      expect(await page.locator('.leaflet-tooltip img, .leaflet-tooltip script, .leaflet-tooltip svg').count()).toBe(0);
      await page.mouse.move(5, 5);
    }
    await page.waitForTimeout(500); // an image error handler would have fired by now
    expect(await page.evaluate('window.__xss')).toBeUndefined();
    // Nothing was even attempted: markup never reached the page, so the policy had nothing to block.
    expect(await page.evaluate('window.__blocked')).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('lets local webhook receivers work: npm start allows private targets unless told otherwise', async () => {
    const got: string[] = [];
    const receiver = createServer((req, res) => {
      got.push(req.url ?? '');
      req.resume();
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/local-hook`;
      expect((await api('PUT', '/skynet/config', { webhook: [url] })).status).toBe(200);
      const tested = await api('POST', '/skynet/config/testwebhook', {});
      expect(tested.body.data.results).toEqual([{ url, ok: true, status: 204 }]);
      expect(got).toEqual(['/local-hook']);
    } finally {
      await api('PUT', '/skynet/config', { webhook: [] });
      receiver.closeAllConnections();
      receiver.close();
    }
  });

  it('would block injected markup anyway: the policy stops inline handlers', async () => {
    await page.evaluate(`document.body.insertAdjacentHTML('beforeend', ${JSON.stringify(HOSTILE)})`);
    await expect.poll(() => page.evaluate('window.__blocked.length'), { timeout: 5000 }).toBeGreaterThan(0);
    expect(await page.evaluate('window.__xss')).toBeUndefined();
  });
});
