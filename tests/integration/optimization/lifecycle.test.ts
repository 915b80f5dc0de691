import polyline from '@mapbox/polyline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as realWorker } from '../../../functions/optimization/worker';
import { handler as createKey } from '../../../functions/platform/create-namespaced-key';
import { handler as secretHandler } from '../../../functions/webhooks/secret';
import { DynamoOptimizationJobStore } from '../../../shared/optimization/dynamo-store';
import { hashApiKey } from '../../../shared/auth/keys';
import { spaceOf } from '../../../shared/auth/model';
import { newWebhookSecret, verify } from '../../../shared/webhooks/sign';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { verifyDelivery } from '../support/webhooks';
import { purge, receiver, result, runQueuedJob, runWebhookQueue, queues, smallProblem, submit, unthrottled } from './support';

const store = new DynamoOptimizationJobStore();

describe('optimization: submit -> worker -> result -> webhook', () => {
  let key: string;
  let org: string;
  let hook: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    ({ key, org } = await newOrgKey({ quotas: unthrottled }));
    hook = await receiver();
  });
  afterAll(async () => hook.close());

  it('runs a job end to end on the emulators and signs its webhooks', async () => {
    const problem = smallProblem({ options: { objective: { solving_time_limit: 1 }, webhook: { url: hook.url } } });
    problem.vehicles[1].capacity = [0]; // vehicle 2 can carry nothing: vehicle 1, with metadata, serves every job
    const submitted = await submit(key, problem);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'Ok', message: '' });
    expect(typeof submitted.body.id).toBe('string');
    expect(submitted.body.warnings.join(' ')).toMatch(/great-circle/);
    const id = submitted.body.id as string;

    // Queued: the pending body (no result yet).
    const pending = await result(key, id);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ status: 'Ok', message: 'Job still processing', description: 'small' });
    expect(pending.body.result?.routes).toBeUndefined();

    // The real worker handler, invoked as serverless-offline-sqs would.
    const run = await runQueuedJob(id, realWorker);
    expect(run.failed).toBe(false);

    const done = await result(key, id);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('Ok');
    expect(done.body.message).toBe('');
    expect(done.body.solution_created_time).toBeGreaterThanOrEqual(done.body.request_created_time);
    const r = done.body.result;
    expect(r.code).toBe(0);
    expect(r.summary.unassigned).toBe(0);
    expect(r.unassigned).toEqual([]);
    const visited = r.routes.flatMap((route: any) => route.steps.filter((s: any) => s.type === 'job').map((s: any) => s.id));
    expect(visited.sort()).toEqual([11, 12, 13]);
    for (const route of r.routes) {
      expect(route.steps[0].type).toBe('start');
      expect(route.steps.at(-1).type).toBe('end');
      for (const s of route.steps) {
        for (const f of ['arrival', 'duration', 'distance', 'waiting_time', 'service', 'setup', 'location_index'])
          expect(Number.isInteger(s[f]), `${s.type}.${f}`).toBe(true);
        expect(s.location).toHaveLength(2);
        expect(Array.isArray(s.load)).toBe(true);
      }
      const decoded = polyline.decode(route.geometry);
      expect(decoded.length).toBe(route.steps.length);
      expect(decoded[0][0]).toBeCloseTo(57.7089, 4);
    }
    expect(r.routes.map((route: any) => route.vehicle)).toEqual([1]);
    expect(r.routes[0].metadata).toEqual({ driver: 'ann' });
    const job11 = r.routes.flatMap((route: any) => route.steps).find((s: any) => s.id === 11 && s.type === 'job');
    expect(job11.metadata).toEqual({ order: 'a-1' });

    // Webhooks: JOB_CREATED and JOB_COMPLETED, signed with the key's readable secret.
    await runWebhookQueue();
    const events = hook.received.map((x) => JSON.parse(x.body));
    expect(events.map((e) => e.event).sort()).toEqual(['JOB_COMPLETED', 'JOB_CREATED']);
    for (const e of events) {
      expect(e.request_id).toBe(id);
      expect(Number.isInteger(e.timestamp)).toBe(true);
    }
    const secret = await invoke(secretHandler, { method: 'GET', path: '/webhooks/secret', query: { key } });
    expect(secret.status).toBe(200);
    expect(secret.body.data.secret).toMatch(/^whsec_/);
    for (const x of hook.received) {
      expect(x.headers['webhook-id']).toMatch(/^msg_/);
      expect(verify(secret.body.data.secret, x.headers, x.body)).toBe(true);
      expect(verify('whsec_' + Buffer.from('wrong').toString('base64'), x.headers, x.body)).toBe(false);
      expect(verifyDelivery(secret.body.data.secret, x)).toEqual(JSON.parse(x.body));
      expect(() => verifyDelivery(newWebhookSecret(), x)).toThrow(/signature/);
    }

    // Redelivery of the finished job's message does nothing.
    const before = await store.get(spaceOf(org, null), id);
    const again = await realWorker(
      { Records: [{ messageId: 'm-again', body: run.message.Body!, attributes: { ApproximateReceiveCount: '2' } } as any] },
      { getRemainingTimeInMillis: () => 60_000 },
    );
    expect(again.batchItemFailures).toEqual([]);
    const after = await store.get(spaceOf(org, null), id);
    expect(after).toEqual(before);
    expect((await result(key, id)).body).toEqual(done.body);
    await runWebhookQueue();
    expect(hook.received).toHaveLength(2);
    expect(await store.pendingCount(spaceOf(org, null), hashApiKey(key))).toBe(0);
  });

  it('another organisation or namespace cannot see the job (404)', async () => {
    const submitted = await submit(key, smallProblem());
    const id = submitted.body.id as string;
    const other = await newOrgKey({ quotas: unthrottled });
    const res = await result(other.key, id);
    expect(res.status).toBe(404);
    expect(res.body.status).toBe(404);
    // A namespaced key of the same organisation lives in its own space, both ways.
    process.env.WAYMARK_KEY_DELAY_SECONDS = '0';
    const created = await invoke(createKey, {
      method: 'POST',
      path: '/namespaced-apikeys',
      query: { key, namespace: 'fleet-x' },
      rawBody: '{}',
    });
    process.env.WAYMARK_KEY_DELAY_SECONDS = '900';
    const nsKey = created.body.result.apikey as string;
    expect((await result(nsKey, id)).status).toBe(404);
    const nsJob = await submit(nsKey, smallProblem());
    expect(nsJob.status).toBe(200);
    expect((await result(nsKey, nsJob.body.id)).status).toBe(200);
    expect((await result(key, nsJob.body.id)).status).toBe(404);
    expect((await runQueuedJob(nsJob.body.id)).failed).toBe(false);
    expect((await result(key, 'no-such-job')).status).toBe(404);
    expect((await result(key, id)).status).toBe(200);
    const m = await runQueuedJob(id);
    expect(m.failed).toBe(false);
  });

  it('leaves nothing on the queues it used', async () => {
    const left = await runWebhookQueue();
    expect(left).toBe(0);
    await purge(queues.jobs());
  });
});
