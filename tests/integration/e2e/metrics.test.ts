import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootStack, type BootedStack } from '../support/stack';

// GET /metrics under the real `npm start`: per-operation counts and latency histograms, fed by
// the factory's metrics layer, move with the traffic.

describe('GET /metrics under npm start', () => {
  let stack: BootedStack;

  beforeAll(async () => {
    stack = await bootStack();
  }, 300_000);

  afterAll(async () => {
    if (stack) await stack.stop();
  }, 60_000);

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${new URL(stack.baseUrl).port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  it('counts each operation by status class, with a latency histogram', async () => {
    const ok = 'waymark_http_requests_total{family="geofence",operation="geofence.contain",status_class="2xx"}';
    const bad = 'waymark_http_requests_total{family="geofence",operation="geofence.contain",status_class="4xx"}';
    const hist = 'waymark_http_latency_seconds_count{family="geofence",operation="geofence.contain",status_class="2xx"}';
    const before = await scrape();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${stack.baseUrl}/geofence/contain?key=${stack.apiKey}&locations=57.7,11.97`);
      expect(res.status).toBe(200);
    }
    expect((await fetch(`${stack.baseUrl}/geofence/contain?key=${stack.apiKey}`)).status).toBe(400);
    const after = await scrape();
    expect(value(after, ok) - value(before, ok)).toBe(3);
    expect(value(after, bad) - value(before, bad)).toBe(1);
    expect(value(after, hist) - value(before, hist)).toBe(3);
    expect(after).toContain(
      'waymark_http_latency_seconds_bucket{family="geofence",operation="geofence.contain",status_class="2xx",le="+Inf"}',
    );
  });
});
