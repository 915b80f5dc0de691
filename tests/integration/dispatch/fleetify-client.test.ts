import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIError, Client } from '../compat/client';
import { sharedStack, type SharedStack } from '../support/shared-stack';
import { verifyDelivery } from '../support/webhooks';

// Every method of the client's Fleetify family over HTTP against `npm start`, then the whole
// flow: plan with /optimization/v2, dispatch each vehicle's route, complete every step with its
// driver token, and receive the signed completion webhooks.

const problem = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../fixtures/optimization/gothenburg-demo.json'), 'utf8'));
const T = Math.floor(Date.now() / 1000) + 3600;
const pod = {
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
    { label: 'Signature', type: 'signature' },
  ],
};
const steps = [
  { type: '`start`', arrival: T, location: [57.7089, 11.9746] },
  { type: '`delivery`', arrival: T + 600, location: [57.6968, 11.989], meta: { customer_name: 'Bo', instructions: 'Gate B' } },
  { type: 'end', arrival: T + 1200, location: [57.7089, 11.9746] },
];

async function rejects(call: Promise<unknown>): Promise<APIError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(APIError);
  return error as APIError;
}

describe('the Fleetify family of an existing client', () => {
  let stack: SharedStack;
  let client: Client;
  let receiver: Server;
  let hookUrl: string;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dispatch`;
    stack = await sharedStack();
    client = new Client({ baseURL: stack.baseUrl, apiKey: stack.apiKey });
  }, 300_000);

  afterAll(async () => {
    receiver?.close();
  });

  it('manages document templates', async () => {
    const created = await client.post('/fleetify/document_templates', pod);
    expect(created).toMatchObject({ status: 200, data: { id: expect.any(String), name: pod.name } });
    expect(created.data.content[1]).toEqual({
      label: 'Parcels',
      type: 'number',
      name: '',
      required: false,
      validation: { min: 1, max: 5 },
    });
    const id = created.data.id;
    expect((await client.get(Client.path`/fleetify/document_templates/${id}`)).data).toEqual(created.data);
    const updated = await client.put(Client.path`/fleetify/document_templates/${id}`, { name: 'POD' });
    expect(updated.data).toMatchObject({ id, name: 'POD', content: created.data.content });
    const listed = await client.get('/fleetify/document_templates');
    expect(listed.data.map((t: { id: string }) => t.id)).toContain(id);
    expect(await client.delete(Client.path`/fleetify/document_templates/${id}`)).toMatchObject({ status: 200 });
    expect((await rejects(client.get(Client.path`/fleetify/document_templates/${id}`))).status).toBe(404);
    const bad = await rejects(client.post('/fleetify/document_templates', { name: 'x', content: [{ label: 'c', type: 'single_choice' }] }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'content[0].meta.options' });
  });

  it('dispatches a route, changes its steps, completes them with documents, redispatches', async () => {
    const tpl = (await client.post('/fleetify/document_templates', pod)).data;
    const created = await client.post('/fleetify/routes', {
      driver_email: 'ana@example.com',
      steps,
      document_template_id: tpl.id,
      routing: { mode: '`car`' },
    });
    const route = created.data;
    expect(route).toMatchObject({
      id: expect.any(String),
      short_id: expect.any(String),
      total_steps: 3,
      driver: { email: 'ana@example.com' },
    });
    expect(route.distance).toBeGreaterThan(1000);
    expect(route.duration).toBeGreaterThan(60);
    expect(route.steps[1]).toMatchObject({
      type: 'delivery',
      document_template_id: tpl.id,
      meta: { customer_name: 'Bo' },
      completion: { status: 'scheduled' },
    });
    expect(route.steps[1].document_snapshot).toHaveLength(4);

    const inserted = await client.post(Client.path`/fleetify/routes/${route.short_id}/steps`, {
      type: 'pickup',
      arrival: T + 300,
      location: [57.7, 11.96],
      position: 1,
    });
    expect(inserted).toMatchObject({ status: 200, data: { type: 'pickup', arrival: T + 300 } });
    const moved = await client.put(Client.path`/fleetify/routes/${route.id}/steps/${inserted.data.id}`, {
      arrival: T + 200,
      position: 1,
      address: 'Nordstan',
    });
    expect(moved.data).toMatchObject({ id: inserted.data.id, address: 'Nordstan', arrival: T + 200 });
    expect(await client.delete(Client.path`/fleetify/routes/${route.id}/steps/${inserted.data.id}`)).toMatchObject({ status: 200 });

    const misfit = await rejects(
      client.patch(Client.path`/fleetify/routes/${route.id}/steps/${route.steps[1].id}`, { document: { Parcels: 2 }, status: 'completed' }),
    );
    expect(misfit.status).toBe(400);
    expect(misfit.body).toMatchObject({ field: 'document.Receiver' });
    await client.patch(Client.path`/fleetify/routes/${route.id}/steps/${route.steps[0].id}`, { status: 'completed', mode: 'manual' });
    await client.patch(Client.path`/fleetify/routes/${route.id}/steps/${route.steps[1].short_id}`, {
      document: { Receiver: 'Bo', Parcels: 2, Condition: 'fine', Signature: 'Bo B.' },
      status: 'completed',
    });

    const redispatched = await client.post(Client.path`/fleetify/routes/${route.id}/redispatch`, {
      operations: [
        { operation: 'create', data: { step: { type: 'job', arrival: T + 900, location: [57.705, 11.98] }, document_template_id: tpl.id } },
        { operation: 'update', data: { step_id: route.steps[2].id, step: { type: 'end', arrival: T + 1500, location: [57.71, 11.97] } } },
      ],
    });
    expect(redispatched.data).toMatchObject({ id: route.id, total_steps: 4, completed_steps: 2, completion: { status: 'scheduled' } });
    expect(redispatched.data.steps.map((s: { type: string }) => s.type)).toEqual(['start', 'delivery', 'job', 'end']);
    expect(redispatched.data.steps[1].completion).toMatchObject({ status: 'completed', document: { Receiver: 'Bo' } });
    const gone = await rejects(
      client.post(Client.path`/fleetify/routes/${route.id}/redispatch`, {
        operations: [{ operation: 'delete', data: { step_id: route.steps[0].id } }],
      }),
    );
    expect(gone.status).toBe(409);
  });

  it('confines a driver token to its route, and keys to their space', async () => {
    const mine = (await client.post('/fleetify/routes', { driver_email: 'ana@example.com', steps })).data;
    const other = (await client.post('/fleetify/routes', { driver_email: 'bo@example.com', steps })).data;
    const driver = new Client({ baseURL: stack.baseUrl, apiKey: mine.driver_token, maxRetries: 0 });
    expect((await driver.get(Client.path`/fleetify/routes/${mine.id}`)).data.id).toBe(mine.id);
    expect((await rejects(driver.get(Client.path`/fleetify/routes/${other.id}`))).status).toBe(404);
    expect((await rejects(driver.patch(Client.path`/fleetify/routes/${other.id}/steps/${other.steps[0].id}`, {}))).status).toBe(404);
    expect((await rejects(driver.get('/fleetify/document_templates'))).status).toBe(401);
    expect((await rejects(driver.post(Client.path`/fleetify/routes/${mine.id}/steps`, { ...steps[1], position: 1 }))).status).toBe(401);
    await driver.patch(Client.path`/fleetify/routes/${mine.id}/steps/${mine.steps[0].id}`, { status: 'completed' });

    const ns = await client.post('/namespaced-apikeys', {}, { namespace: 'fleet-a' });
    await new Promise((done) => setTimeout(done, 1500));
    const namespaced = new Client({ baseURL: stack.baseUrl, apiKey: ns.result.apikey, maxRetries: 0 });
    expect((await rejects(namespaced.get(Client.path`/fleetify/routes/${mine.id}`))).status).toBe(404);
    const own = (await namespaced.post('/fleetify/routes', { driver_email: 'cy@example.com', steps })).data;
    expect((await rejects(client.get(Client.path`/fleetify/routes/${own.id}`))).status).toBe(404);
    expect((await namespaced.get('/fleetify/routes')).data.list.map((r: { id: string }) => r.id)).toEqual([own.id]);
  });

  it('plans, dispatches every route of the plan, completes each step, and receives the signed webhooks', async () => {
    const plan = {
      ...problem,
      vehicles: problem.vehicles.map((v: { id: number }) => ({ ...v, metadata: { user_email: `driver-${v.id}@example.com` } })),
      options: { ...problem.options, webhook: { url: hookUrl } },
    };
    const submitted = await client.post('/optimization/v2', plan);
    let result: any;
    for (let i = 0; i < 120 && !result?.result?.routes; i++) {
      result = await client.get('/optimization/v2/result', { id: submitted.id });
      if (!result.result?.routes) await new Promise((done) => setTimeout(done, 500));
    }
    expect(result.result.routes.length).toBeGreaterThan(0);
    const secret = (await client.get('/webhooks/secret')).data.secret as string;
    const routeIds: string[] = [];
    for (const planned of result.result.routes) {
      const route = (await client.post('/fleetify/routes', { ro_request_id: submitted.id, vehicle_id: planned.vehicle })).data;
      routeIds.push(route.id);
      expect(route).toMatchObject({
        ro_request_id: submitted.id,
        vehicle_id: String(planned.vehicle),
        driver: { email: `driver-${planned.vehicle}@example.com` },
      });
      expect(route.geometry).toBe(planned.geometry);
      expect(route.total_steps).toBe(planned.steps.length);
      const driver = new Client({ baseURL: stack.baseUrl, apiKey: route.driver_token });
      for (const step of route.steps)
        await driver.patch(Client.path`/fleetify/routes/${route.id}/steps/${step.id}`, { status: 'completed' });
      expect((await client.get(Client.path`/fleetify/routes/${route.id}`)).data.completion.status).toBe('completed');
    }
    const wanted = routeIds.length * (1 + result.result.routes[0].steps.length);
    for (let i = 0; i < 100; i++) {
      const events = received.map((d) => verifyDelivery(secret, d) as { event: string });
      if (events.filter((e) => e.event === 'ROUTE_COMPLETED').length >= routeIds.length && events.length >= wanted) break;
      await new Promise((done) => setTimeout(done, 200));
    }
    const events = received.map((d) => verifyDelivery(secret, d) as { event: string; route_id: string });
    for (const id of routeIds) {
      const own = events.filter((e) => e.route_id === id);
      expect(own.filter((e) => e.event === 'ROUTE_COMPLETED')).toHaveLength(1);
      expect(own.filter((e) => e.event === 'STEP_COMPLETED').length).toBeGreaterThan(0);
    }
  });
});
