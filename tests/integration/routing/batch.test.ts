import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as create } from '../../../functions/batch/create';
import { handler as result } from '../../../functions/batch/result';
import { handler as worker } from '../../../functions/batch/worker';
import { config } from '../../../shared/platform/config';
import { sqsClient } from '../../../shared/platform/sqs';
import { NetworkRegistry } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { distanceMatrixQuery } from '../../../shared/routing/schemas';
import { distanceMatrix } from '../../../shared/routing/service/matrix';
import { sqsEventOf } from '../optimization/support';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';
import { gothenburgNetwork } from './client-session';

// POST /batch and GET /batch through the real handlers, queue and worker, in the client's shapes.

const a = '57.70891,11.97462';
const b = '57.69680,11.98900';
let registry: NetworkRegistry;
let key: string;

async function drainQueue(): Promise<number> {
  const url = config.queueUrl('batch-jobs')!;
  let handled = 0;
  for (;;) {
    const out = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 1, AttributeNames: ['All'] }));
    if (!out.Messages?.length) return handled;
    expect((await worker(sqsEventOf(out.Messages, 'batch-jobs'))).batchItemFailures).toEqual([]);
    handled++;
  }
}

beforeAll(async () => {
  registry = new NetworkRegistry().add(gothenburgNetwork());
  setRoadNetworks(registry);
  ({ key } = await newOrgKey());
  await drainQueue();
});
afterAll(() => setRoadNetworks(undefined));

describe('POST /batch and GET /batch', () => {
  it('answers each routing request as its own call would, in order', async () => {
    const matrixQuery = `origins=${encodeURIComponent(`${a}|${b}`)}&destinations=${encodeURIComponent(b)}`;
    const requests = [
      { query: `/directions/json?origin=${a}&destination=${b}&steps=true` },
      { query: matrixQuery },
      { query: `coordinates=${a}&contours_minutes=3` },
      { query: `origin=${a}` },
      { query: `origin=${a}&destination=59.33,18.06` },
      { query: '/navigation/json?origin=1,1' },
    ];
    const made = await call(create, key, { method: 'POST', path: '/batch', body: { requests } });
    expect(made).toEqual({ track_id: expect.any(String), status: 'pending' });
    expect(await call(result, key, { method: 'GET', path: '/batch', query: { track_id: made.track_id } })).toEqual({
      track_id: made.track_id,
      status: 'pending',
    });
    expect(await drainQueue()).toBe(1);
    const done = await call(result, key, { method: 'GET', path: '/batch', query: { track_id: made.track_id } });
    expect(done.status).toBe('success');
    expect(done.responses.map((r: { status_code: number }) => r.status_code)).toEqual([200, 200, 200, 400, 422, 400]);
    expect(done.responses[0].response.route.legs[0].steps.length).toBeGreaterThan(1);
    const direct = distanceMatrix(registry, distanceMatrixQuery.parse(Object.fromEntries(new URLSearchParams(matrixQuery))));
    expect(done.responses[1].response).toEqual(direct);
    expect(done.responses[2].response.features).toHaveLength(1);
    expect(done.responses[3].response).toMatchObject({ status: 400, field: 'query.destination' });
    expect(done.responses[4].response).toMatchObject({ status: 422, field: 'destination' });
    expect(done.responses[5].response.message).toMatch(/names no routing operation/);

    const { key: other } = await newOrgKey();
    expect((await invoke(result, { query: { key: other, track_id: made.track_id } })).status).toBe(404);
    const empty = await invoke(create, { method: 'POST', query: { key }, body: { requests: [] } });
    expect(empty.body).toMatchObject({ status: 400, field: 'requests' });
  });
});
