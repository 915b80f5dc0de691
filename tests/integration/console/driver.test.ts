import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/shared-stack';

// The driver's page in a real browser against `npm start`: a dispatched 3-stop route opened from
// the link its dispatch answered, a misfit document refused with the field named, every stop
// completed through its form, the phone's position reported as the route's vehicle, and the route
// listed as completed on the console. The screenshot lands in .artifacts/dispatch for a human
// (and docs/api/dispatch.md) to look at.

const SHOTS = resolve(import.meta.dirname, '../../../.artifacts/dispatch');

describe("driver's page", () => {
  let stack: SharedStack;
  let browser: Browser;
  const errors: string[] = [];

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.baseUrl}${path}?key=${stack.apiKey}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [stack, browser] = await Promise.all([sharedStack(), launchChromium()]);
  }, 600_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
  }, 60_000);

  it('runs a 3-stop route to completion', async () => {
    const tpl = (
      await api('POST', '/fleetify/document_templates', {
        name: 'Proof of delivery',
        content: [
          { label: 'Receiver', type: 'string', required: true },
          { label: 'Parcels', type: 'number', validation: { min: 1, max: 5 } },
          {
            label: 'Condition',
            type: 'single_choice',
            meta: {
              options: [
                { label: 'Fine', value: 'fine' },
                { label: 'Damaged', value: 'damaged' },
              ],
            },
          },
          { label: 'Left at door', type: 'checkbox' },
        ],
      })
    ).data;
    const T = Math.floor(Date.now() / 1000) + 600;
    const route = (
      await api('POST', '/fleetify/routes', {
        driver_email: 'ana@example.com',
        document_template_id: tpl.id,
        steps: [
          { type: 'start', arrival: T, location: [57.7089, 11.9746] },
          {
            type: 'delivery',
            arrival: T + 600,
            location: [57.6968, 11.989],
            address: 'Korsvägen',
            meta: { customer_name: 'Bo', instructions: 'Gate B' },
          },
          { type: 'end', arrival: T + 1200, location: [57.7089, 11.9746] },
        ],
      })
    ).data;

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    // The headless Chromium here has no location provider (Playwright's override times out), so
    // the phone's GPS is stood in for: the page's own reporting path is what is under test.
    await context.addInitScript({
      content: `Object.defineProperty(navigator, 'geolocation', { value: {
        watchPosition(ok) { ok({ coords: { latitude: 57.705, longitude: 11.975, accuracy: 8 }, timestamp: Date.now() }); return 1; },
        getCurrentPosition(ok) { this.watchPosition(ok); },
        clearWatch() {},
      } });`,
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.baseUrl}${route.driver_path}`);
    await expect.poll(() => page.textContent('[data-testid=progress]'), { timeout: 30_000 }).toBe('0 of 3 stops done');
    expect(await page.locator('[data-testid=route-map] polyline').count()).toBe(1);
    expect(await page.getAttribute('[data-testid=directions]', 'href')).toContain('57.7089');

    await page.click('[data-testid=complete]');
    await expect.poll(() => page.textContent('[data-testid=progress]')).toBe('1 of 3 stops done');
    await expect.poll(() => page.textContent('[data-testid=step-1]')).toContain('Gate B');

    // a number past the field's maximum: the server's 400 names the field
    await page.fill('[data-testid=complete-form] input[name=f0]', 'Bo');
    await page.fill('[data-testid=complete-form] input[name=f1]', '9');
    await page.click('[data-testid=complete]');
    await expect.poll(() => page.textContent('[data-testid=message]')).toContain('document.Parcels');

    await page.fill('[data-testid=complete-form] input[name=f1]', '2');
    await page.selectOption('[data-testid=complete-form] select[name=f2]', 'fine');
    await page.check('[data-testid=complete-form] input[name=f3]');
    await page.click('[data-testid=complete]');
    await expect.poll(() => page.textContent('[data-testid=progress]')).toBe('2 of 3 stops done');
    await page.click('[data-testid=complete]');
    await expect.poll(() => page.textContent('[data-testid=progress]')).toBe('Route completed');
    await page.screenshot({ path: resolve(SHOTS, 'driver.png'), fullPage: true });

    const done = (await api('GET', `/fleetify/routes/${route.id}`)).data;
    expect(done.completion.status).toBe('completed');
    expect(done.steps[1].completion).toMatchObject({
      completed_by: 'driver',
      document: { Receiver: 'Bo', Parcels: 2, Condition: 'fine', 'Left at door': true },
    });
    // the page reported the phone as the route's vehicle, through tracking
    await expect
      .poll(
        async () => {
          const res = await fetch(`${stack.baseUrl}/skynet/asset/route-${route.short_id}/location/last?key=${stack.apiKey}`);
          return res.status === 200 && (await res.text()).includes('57.705');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // the console lists the route with its progress
    const consolePage = await context.newPage();
    consolePage.on('pageerror', (e) => errors.push(e.message));
    await consolePage.goto(`${stack.baseUrl}/console`);
    await consolePage.fill('[data-testid=api-key]', stack.apiKey);
    await consolePage.click('[data-testid=save-key]');
    await expect
      .poll(() => consolePage.textContent('[data-testid=dispatch-list]'), { timeout: 30_000 })
      .toContain(`${route.short_id} · ana@example.com · completed`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
