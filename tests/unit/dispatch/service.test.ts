import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../shared/auth/model';
import { driverPrincipal } from '../../../shared/dispatch/driver-token';
import { StepService } from '../../../shared/dispatch/route-steps';
import { RouteService } from '../../../shared/dispatch/routes';
import { TemplateService } from '../../../shared/dispatch/templates';
import { NetworkRegistry } from '../../../shared/roads';
import type { WebhookDelivery } from '../../../shared/webhooks/delivery';
import { MemoryDispatchStore } from '../../fixtures/memory/dispatch';

// The dispatch domain on the in-memory store: templates, routes, step changes, completion against
// the step's template snapshot, the route's completion, events, and the driver token's confinement.

const principal = (space = 'org|', keyHash = 'a'.repeat(64)): Principal => ({
  keyHash,
  org: space.split('|')[0],
  namespace: space.split('|')[1] || null,
  space,
  isRoot: true,
  services: ['tracking'],
  quotas: {},
});

function setup() {
  const store = new MemoryDispatchStore();
  const sent: WebhookDelivery[] = [];
  const now = () => 1_900_000_000_000;
  const templates = new TemplateService({ store, now });
  const routes = new RouteService({
    store,
    templates,
    networks: () => new NetworkRegistry(),
    plans: async () => {
      throw new Error('no plans here');
    },
    webhooks: { post: async () => ({ status: 200 }), secretsOf: async () => [], enqueue: async (d) => void sent.push(d), now },
    now,
  });
  return { store, sent, templates, routes, steps: new StepService(routes) };
}

const T = 1_900_000_000;
const at = (lat: number, lon: number) => [lat, lon] as [number, number];
const body = (template?: string) => ({
  driver_email: 'ana@example.com',
  document_template_id: template,
  webhook: { url: 'https://hooks.example.com/dispatch' },
  steps: [
    { type: 'start' as const, arrival: T, location: at(57.7, 11.97) },
    { type: 'delivery' as const, arrival: T + 600, location: at(57.71, 11.98), duration: 120 },
    { type: 'end' as const, arrival: T + 1200, location: at(57.7, 11.97) },
  ],
});
const pod = {
  name: 'Proof of delivery',
  content: [
    { label: 'Receiver', type: 'string' as const, required: true },
    { label: 'Parcels', type: 'number' as const, validation: { min: 1, max: 5 } },
    {
      label: 'Condition',
      type: 'single_choice' as const,
      meta: {
        options: [
          { label: 'Fine', value: 'fine' },
          { label: 'Damaged', value: 'damaged' },
        ],
      },
    },
    { label: 'Left at door', type: 'checkbox' as const },
    { label: 'Photos', type: 'photos' as const, validation: { max_items: 2 } },
  ],
};

describe('dispatch', () => {
  it('creates a route whose documented steps hold the template snapshot, and estimates travel', async () => {
    const { templates, routes } = setup();
    const tpl = await templates.create('org|', pod);
    const route = await routes.create(principal(), body(tpl.id), { selfHosts: [] });
    expect(route.total_steps).toBe(3);
    expect(route.short_id).toMatch(/^[A-Z0-9]{8}$/);
    expect(route.steps.map((s) => s.document_snapshot?.length ?? null)).toEqual([null, 5, null]);
    expect(route.distance).toBeGreaterThan(0);
    expect(route.duration).toBeGreaterThan(0);
    expect(route.driver_token).toMatch(/^wmd_/);
  });

  it('completes steps against the snapshot, names the misfit field, and completes the route once', async () => {
    const { templates, routes, steps, sent } = setup();
    const tpl = await templates.create('org|', pod);
    const route = await routes.create(principal(), body(tpl.id), { selfHosts: [] });
    // the template changes after dispatch: the step keeps what it was attached with
    await templates.update('org|', tpl.id, { content: [{ label: 'Other', type: 'string', required: true }] });
    const [start, drop, end] = route.steps;
    await expect(steps.complete(principal(), route.id, drop.id, { document: { Parcels: 2 } })).rejects.toMatchObject({
      status: 400,
      field: 'document.Receiver',
    });
    await expect(steps.complete(principal(), route.id, drop.id, { document: { Receiver: 'Bo', Parcels: 9 } })).rejects.toMatchObject({
      status: 400,
      field: 'document.Parcels',
    });
    await expect(steps.complete(principal(), route.id, drop.id, { document: { Receiver: 'Bo', Condition: 'lost' } })).rejects.toMatchObject(
      { field: 'document.Condition' },
    );
    await expect(steps.complete(principal(), route.id, drop.id, { document: { Receiver: 'Bo', Other: 'x' } })).rejects.toMatchObject({
      field: 'document.Other',
    });
    await expect(
      steps.complete(principal(), route.id, drop.id, { document: { Receiver: 'Bo', Photos: ['a', 'b', 'c'] } }),
    ).rejects.toMatchObject({ field: 'document.Photos' });
    const doc = { Receiver: 'Bo', Parcels: 2, Condition: 'fine', 'Left at door': false, Photos: ['upload-1'] };
    const done = await steps.complete(principal(), route.id, drop.id, { document: doc });
    expect(done.completion).toMatchObject({
      status: 'completed',
      completed_at: T,
      completed_by: expect.stringMatching(/^key:/),
      document: doc,
    });
    // the same completion again (a retry) changes nothing and repeats its event under the same id
    await steps.complete(principal(), route.id, drop.id, { document: doc });
    await steps.complete(principal(), route.id, start.id, {});
    await steps.complete(principal(), route.id, end.id, {});
    const after = await routes.get(principal(), route.id);
    expect(after.completion.status).toBe('completed');
    expect(after.completed_steps).toBe(3);
    const ids = sent.map((d) => d.id);
    expect(ids.filter((id) => id.endsWith(`STEP_COMPLETED_${drop.id}`))).toHaveLength(2);
    expect(new Set(ids).size).toBe(4);
    expect(ids.filter((id) => id.endsWith('ROUTE_COMPLETED'))).toHaveLength(1);
  });

  it('of two completions of one step racing, one completes it and the other only edits its document', async () => {
    const { routes, steps } = setup();
    const route = await routes.create(principal(), body(), { selfHosts: [] });
    const id = route.steps[1].id;
    await Promise.all([
      steps.complete(principal(), route.id, id, { document: { a: 1 } }),
      steps.complete(principal(), route.id, id, { document: { a: 2 } }),
    ]);
    const step = (await routes.get(principal(), route.id)).steps[1];
    expect(step.completion.completed_at).toBe(T);
    expect(step.completion.document_modified_at).toBe(T);
  });

  it('inserts, updates and deletes open steps, re-estimates arrivals, keeps completed steps', async () => {
    const { routes, steps } = setup();
    const route = await routes.create(principal(), body(), { selfHosts: [] });
    await steps.complete(principal(), route.id, route.steps[0].id, {});
    await expect(
      steps.insert(principal(), route.id, { type: 'job', arrival: T, location: at(57.72, 11.99), position: 0 }),
    ).rejects.toMatchObject({ field: 'position' });
    const added = await steps.insert(principal(), route.id, {
      type: 'job',
      arrival: T + 300,
      location: at(57.72, 11.99),
      position: 1,
      duration: 60,
    });
    let now = await routes.get(principal(), route.id);
    expect(now.steps.map((s) => s.id)[1]).toBe(added.id);
    expect(now.steps[2].arrival).toBeGreaterThan(T + 300 + 60);
    await steps.update(principal(), route.id, added.short_id, { arrival: T + 400, position: 2, meta: { instructions: 'ring twice' } });
    now = await routes.get(principal(), route.id);
    expect(now.steps[2]).toMatchObject({ id: added.id, arrival: T + 400, meta: { instructions: 'ring twice' } });
    await expect(steps.delete(principal(), route.id, route.steps[0].id)).rejects.toMatchObject({ status: 409, field: 'stepID' });
    await steps.delete(principal(), route.id, added.id);
    expect((await routes.get(principal(), route.id)).total_steps).toBe(3);
  });

  it('redispatch replaces the remaining steps and keeps completed ones', async () => {
    const { routes, steps, sent } = setup();
    const route = await routes.create(principal(), body(), { selfHosts: [] });
    await steps.complete(principal(), route.id, route.steps[0].id, {});
    const out = await steps.redispatch(principal(), route.id, {
      operations: [
        { operation: 'delete', data: { step_id: route.steps[1].id } },
        { operation: 'create', data: { step: { type: 'pickup', arrival: T + 100, location: at(57.73, 11.95) } } },
      ],
    });
    expect(out.steps.map((s) => s.type)).toEqual(['start', 'pickup', 'end']);
    expect(out.steps[0].completion.status).toBe('completed');
    expect(sent.at(-1)?.event).toBe('ROUTE_REDISPATCHED');
    await expect(
      steps.redispatch(principal(), route.id, { operations: [{ operation: 'delete', data: { step_id: route.steps[0].id } }] }),
    ).rejects.toMatchObject({ status: 409, field: 'operations[0].data.step_id' });
  });

  it('a driver token opens its own route only; another space sees nothing', async () => {
    const { store, routes, steps } = setup();
    const mine = await routes.create(principal(), body(), { selfHosts: [] });
    const other = await routes.create(principal(), body(), { selfHosts: [] });
    const driver = await driverPrincipal(store, mine.driver_token);
    expect(driver.route).toBe(mine.id);
    expect((await routes.get(driver, mine.short_id)).id).toBe(mine.id);
    await expect(routes.get(driver, other.id)).rejects.toMatchObject({ status: 404 });
    await expect(steps.complete(driver, other.id, other.steps[0].id, {})).rejects.toMatchObject({ status: 404 });
    const done = await steps.complete(driver, mine.id, mine.steps[0].id, {});
    expect(done.completion.completed_by).toBe('driver');
    await expect(driverPrincipal(store, mine.driver_token.slice(0, -2) + 'xx')).rejects.toMatchObject({ status: 401 });
    await expect(routes.get(principal('org|fleet'), mine.id)).rejects.toMatchObject({ status: 404 });
    await expect(routes.get(principal('other|'), mine.id)).rejects.toMatchObject({ status: 404 });
  });
});
