import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as createBatch } from '../../../functions/batch/create';
import { handler as createMatrix } from '../../../functions/matrix/create';
import { handler as createRestriction } from '../../../functions/restrictions/create';
import { handler as createTemplate } from '../../../functions/dispatch/templates-create';
import { handler as createRoute } from '../../../functions/dispatch/routes-create';
import { config } from '../../../shared/platform/config';
import { loadGothenburgSample, NetworkRegistry } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { LIMIT_NAMES } from '../../../shared/auth/model';
import { geofenceClient } from '../geofence/client';
import { geocodingClient } from '../geocoding/client';
import { monitorApi } from '../monitors/api';
import { purge, queues, submit } from '../optimization/support';
import { invoke, type Call } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { trackingApi } from '../tracking/api';
import { tripsApi } from '../trips/api';
import { mutate, random, type Request } from './mutate';
import { httpOperations, type Operation } from './operations';
import { seeds, type Ids } from './seeds';

// Every HTTP operation of functions/*/functions.yml gets its valid seed request and seeded
// mutations of it through the real handler on the emulators: none may answer 5xx (or throw).
// FUZZ_SEED replays a run (the seed is printed); FUZZ_RUNS sets the mutations per operation.

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let key: string;
let ids: Ids;
let operations: Operation[];

const hash = (text: string) => [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);

beforeAll(async () => {
  console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} mutations per operation`);
  const quotas = Object.fromEntries(LIMIT_NAMES.map((name) => [name, { perSecond: 100_000, perMinute: 1_000_000 }]));
  key = (await newOrgKey({ quotas })).key;
  const fence = await geofenceClient(key).create({
    type: 'circle',
    custom_id: 'fz-g',
    circle: { center: { lat: 57.7, lon: 11.9 }, radius: 300 },
  });
  const tracking = trackingApi(key);
  await tracking.create({ custom_id: 'fz-a', attributes: { fleet: 'a' } });
  await tracking.bind('fz-a', 'fz-d');
  await tracking.track('fz-a', { device_id: 'fz-d', locations: [{ location: { lat: 57.7, lon: 11.9 }, timestamp: Date.now() - 5000 }] });
  await tripsApi(key).start({ asset_id: 'fz-a', custom_id: 'fz-t' });
  const monitor = await monitorApi(key).create({ type: 'enter', custom_id: 'fz-m', geofence_ids: [fence.body.data.id] });
  const place = await geocodingClient(key).create({
    place: [{ geopoint: { lat: 57.71, lng: 11.95 }, country: 'SWE', city: 'Göteborg', poi: { title: 'Fuzz Seed' } }],
  });
  // Routing operations run on the demo network, so mutations reach the engine, not only the
  // "no network covers these points" answer.
  setRoadNetworks(new NetworkRegistry().add(loadGothenburgSample()));
  const matrix = await invoke(createMatrix, {
    method: 'POST',
    query: { key, option: 'flexible' },
    body: { origins: '57.70891,11.97462|57.69870,11.95630' },
  });
  const batch = await invoke(createBatch, {
    method: 'POST',
    query: { key },
    body: { requests: [{ query: '/directions/json?origin=57.70891,11.97462&destination=57.69680,11.98900' }] },
  });
  const restriction = await invoke(createRestriction, {
    method: 'POST',
    query: { key },
    pathParameters: { restrictionType: 'closure' },
    body: {
      area: 'gothenburg',
      name: 'fuzz works',
      tracks: [
        [11.9746, 57.70891],
        [11.9747, 57.7085],
      ],
    },
  });
  const template = await invoke(createTemplate, {
    method: 'POST',
    query: { key },
    body: { name: 'fuzz pod', content: [{ label: 'Receiver', type: 'string', required: true }] },
  });
  const dispatched = await invoke(createRoute, {
    method: 'POST',
    query: { key },
    body: {
      driver_email: 'fuzz@example.com',
      steps: [
        { type: 'start', arrival: 1_800_000_000, location: [57.7089, 11.9746] },
        { type: 'delivery', arrival: 1_800_000_600, location: [57.6968, 11.989] },
        { type: 'delivery', arrival: 1_800_000_900, location: [57.6987, 11.9563] },
      ],
    },
  });
  const route = (dispatched.body as { data: { id: string; steps: Array<{ id: string }> } }).data;
  const job = await submit(key, {
    locations: { id: 1, location: ['57.7089,11.9746', '57.7000,11.9600'] },
    vehicles: [{ id: 1, start_index: 0 }],
    jobs: [{ id: 11, location_index: 1 }],
  });
  ids = {
    geofence: 'fz-g',
    asset: 'fz-a',
    device: 'fz-d',
    monitor: monitor.body.data.id,
    place: place.body.docId,
    job: job.body.id,
    namespace: 'fz-ns',
    matrix: (matrix.body as { task_id: string }).task_id,
    batch: (batch.body as { track_id: string }).track_id,
    trip: 'fz-t',
    restriction: String((restriction.body as { id: number }).id),
    template: String((template.body as { data: { id: string } }).data.id),
    route: route.id,
    step: route.steps[1].id,
  };
  // Deletes last, so the other operations find what they name.
  operations = (await httpOperations()).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}, 60_000);

// The jobs and webhook deliveries the mutations queued are nobody's to run.
afterAll(async () => {
  setRoadNetworks(undefined);
  await purge(queues.jobs());
  await purge(queues.webhooks());
  await purge(config.queueUrl('matrix-jobs')!);
  await purge(config.queueUrl('batch-jobs')!);
});

function callOf(op: Operation, request: Request): Call {
  const path = op.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => request.pathParameters[name] ?? '');
  return {
    method: op.method,
    path,
    query: { key, ...request.query },
    pathParameters: request.pathParameters,
    ...(request.rawBody !== undefined ? { rawBody: request.rawBody } : { body: request.body }),
  };
}

describe('fuzz: every operation, seeded mutations, no 5xx', () => {
  it('has a seed for every operation', () => {
    const known = seeds(ids);
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => !(op.route in known)).map((op) => op.route)).toEqual([]);
  });

  it('answers every mutation with less than 500', async () => {
    const all = seeds(ids);
    const failures: string[] = [];
    for (const op of operations) {
      const seed = { query: {}, ...all[op.route] };
      const rnd = random(SEED ^ hash(op.route));
      const hasBody = seed.body !== undefined;
      const requests = [{ ...seed, what: 'the seed itself' }, ...Array.from({ length: RUNS }, () => mutate(rnd, seed, hasBody))];
      for (const request of requests) {
        let status: number;
        let detail = '';
        try {
          const res = await invoke(op.handler as Parameters<typeof invoke>[0], callOf(op, request));
          status = res.status;
          detail = JSON.stringify(res.body ?? '').slice(0, 200);
        } catch (error) {
          status = 599;
          detail = `threw ${(error as Error).message}`;
        }
        if (process.env.FUZZ_DEBUG && request.what === 'the seed itself') console.log(op.route, status, detail.slice(0, 150));
        if (status >= 500) failures.push(`${op.route} [${request.what}] -> ${status} ${detail}`);
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 120_000);
});
