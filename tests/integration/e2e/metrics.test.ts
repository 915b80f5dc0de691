import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootStack, type BootedStack } from '../support/stack';

// GET /metrics under the real `npm start`: per-operation counts and latency histograms, fed by
// the factory's metrics layer, move with the traffic; so do the job and webhook figures of the
// queue consumers, which run in the same process.

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

  it('counts a job and its webhook deliveries, each by outcome and failure class', async () => {
    // A receiver that refuses the first request (a retry with http_5xx) and accepts the rest.
    let seen = 0;
    const received: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body).event);
        res.statusCode = seen++ === 0 ? 503 : 200;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const series = (outcome: string, failure: string, name = 'attempts') =>
        `waymark_webhook_${name}_total{source="optimization",outcome="${outcome}",failure_class="${failure}"}`;
      const tasks = 'waymark_job_tasks_total{feature="optimization"}';
      const before = await scrape();
      const res = await fetch(`${stack.baseUrl}/optimization/v2?key=${stack.apiKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          locations: { id: 1, location: ['57.7089,11.9746', '57.7000,11.9600', '57.7200,11.9900'] },
          vehicles: [{ id: 1, start_index: 0, end_index: 0 }],
          jobs: [
            { id: 11, location_index: 1 },
            { id: 12, location_index: 2 },
          ],
          options: { objective: { solving_time_limit: 1 }, webhook: { url } },
        }),
      });
      expect(res.status).toBe(200);
      // The first event to arrive fails once and is retried after BACKOFF_SECONDS[1] (5 s).
      const deadline = Date.now() + 90_000;
      let after = before;
      while (Date.now() < deadline) {
        after = await scrape();
        if (value(after, series('delivered', 'none')) - value(before, series('delivered', 'none')) >= 2) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      // Whichever event came first was refused once and came again.
      expect(received).toHaveLength(3);
      expect(new Set(received)).toEqual(new Set(['JOB_CREATED', 'JOB_COMPLETED']));
      expect(value(after, series('retrying', 'http_5xx')) - value(before, series('retrying', 'http_5xx'))).toBe(1);
      expect(value(after, series('delivered', 'none')) - value(before, series('delivered', 'none'))).toBe(2);
      expect(value(after, series('delivered', 'none', 'retries')) - value(before, series('delivered', 'none', 'retries'))).toBe(1);
      expect(value(after, tasks) - value(before, tasks)).toBe(2);
    } finally {
      server.close();
    }
  }, 120_000);
});
