import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as create } from '../../../functions/matrix/create';
import { handler as status } from '../../../functions/matrix/status';
import { deadLetterHandler, handler as worker } from '../../../functions/matrix/worker';
import { config } from '../../../shared/platform/config';
import { NetworkRegistry, type LatLon, type Network } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { sqsClient } from '../../../shared/platform/sqs';
import { roadPoints } from '../../fixtures/routing/points';
import { inProcessFetch } from '../compat/in-process';
import { sqsEventOf } from '../optimization/support';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';
import type * as T from './client-types';
import { gothenburgNetwork } from './client-session';

// The asynchronous matrix through its real handlers, queue and worker on the emulators, in the
// client's shapes: create, status while queued, the worker, status with links, the CSV parts.

let net: Network;
let key: string;

const text = (points: LatLon[]) => points.map((p) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`).join('|');

/** Runs the worker on the job messages waiting in the queue (the local stack's consumer does the same). */
async function drainQueue(): Promise<number> {
  const url = config.queueUrl('matrix-jobs')!;
  let handled = 0;
  for (;;) {
    const out = await sqsClient().send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 1, WaitTimeSeconds: 0, AttributeNames: ['All'] }),
    );
    if (!out.Messages?.length) return handled;
    const answer = await worker(sqsEventOf(out.Messages, 'matrix-jobs'));
    expect(answer.batchItemFailures).toEqual([]);
    handled++;
  }
}

/** Downloads a result link as a client would, through the route table; rows of numbers without the header. */
async function csv(link: string): Promise<number[][]> {
  const res = await inProcessFetch(link);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  const [header, ...lines] = (await res.text()).trim().split('\n');
  expect(header).toBe('origin_index,destination_index,duration,distance');
  return lines.map((l) => l.split(',').map(Number));
}

beforeAll(async () => {
  net = gothenburgNetwork();
  setRoadNetworks(new NetworkRegistry().add(net));
  ({ key } = await newOrgKey());
  await drainQueue();
});
afterAll(() => setRoadNetworks(undefined));

describe('POST /mdm/create and GET /mdm/status', () => {
  it('computes a matrix in the background and answers it as CSV parts', async () => {
    const origins = roadPoints(net, 30, 3, 6);
    const destinations = roadPoints(net, 20, 4, 6);
    const made = await call(create, key, {
      method: 'POST',
      path: '/mdm/create',
      query: { option: 'flexible', spliter: 'od_number_spliter' },
      body: { origins: text(origins), destinations: text(destinations), mode: 'car', area: 'usa', departure_time: 1795501800 },
    });
    expect(made).toMatchObject({ code: 'Ok', task_id: expect.any(String), warning: [expect.stringContaining('spliter')] });
    const waiting = await call(status, key, { method: 'GET', path: '/mdm/status', query: { id: made.task_id } });
    expect(waiting).toMatchObject({ code: 'Processing', status: 'queued' });

    expect(await drainQueue()).toBe(1);
    const done = await call(status, key, { method: 'GET', path: '/mdm/status', query: { id: made.task_id } });
    expect(done).toMatchObject({ code: 'Ok', status: 'completed' });
    expect(done.warning).toEqual(expect.arrayContaining([expect.stringMatching(/^area: no loaded network is named "usa"/)]));
    expect(done.result_links).toHaveLength(1);
    expect(done.result_link).toBe(done.result_links[0]);

    const rows = await csv(done.result_link);
    expect(rows).toHaveLength(30 * 20);
    const truth = net.matrix(origins, { targets: destinations, profile: 'car', avoid: {}, trafficTimestamp: 1795501800 });
    for (const [i, j, duration, distance] of rows) {
      expect(duration).toBe(Math.round(truth.durations[i * 20 + j]));
      expect(distance).toBe(Math.round(truth.distances[i * 20 + j]));
    }
    expect(new Set(rows.map(([i, j]) => `${i},${j}`)).size).toBe(600);
  });

  it('applies curb approaches on both sides and passes turn avoids to the engine', async () => {
    // 18 m beside Johannebergsgatan, on the left of the direct way in from the north.
    const curbStop = { lat: 57.6968, lon: 11.9841 };
    const origins = [{ lat: 57.70891, lon: 11.97462 }, ...roadPoints(net, 3, 12, 6)];
    const destinations = [curbStop, ...roadPoints(net, 3, 13, 6)];
    const body: T.MdmCreateBody = {
      origins: text(origins),
      destinations: text(destinations),
      avoid: 'toll|uturn',
      origins_approach: 'curb',
      destinations_approach: 'curb',
    };
    const made = await call(create, key, { method: 'POST', path: '/mdm/create', query: { option: 'flexible' }, body });
    expect(made).toEqual({ code: 'Ok', task_id: expect.any(String) });
    expect(await drainQueue()).toBe(1);
    const done = await call(status, key, { method: 'GET', path: '/mdm/status', query: { id: made.task_id } });
    expect(done).toMatchObject({ code: 'Ok' });
    expect(done.warning).toBeUndefined();
    const rows = await csv(done.result_link);
    const curb = new Array<'curb'>(8).fill('curb');
    const truth = net.matrix(origins, {
      targets: destinations,
      avoid: { toll: true },
      turns: { avoid: { uturn: true } },
      approaches: curb,
    });
    const free = net.matrix(origins, { targets: destinations, avoid: { toll: true } });
    for (const [i, j, duration, distance] of rows) {
      expect(duration).toBe(Math.round(truth.durations[i * 4 + j]));
      expect(distance).toBe(Math.round(truth.distances[i * 4 + j]));
    }
    expect(truth.distances[0]).toBeGreaterThan(free.distances[0] + 100);
  });

  it('keeps jobs to their space, and refuses what it cannot compute', async () => {
    const made = await call(create, key, {
      method: 'POST',
      path: '/mdm/create',
      query: { option: 'flexible' },
      body: { origins: text(roadPoints(net, 2, 5, 6)) },
    });
    const { key: other } = await newOrgKey();
    const foreign = await invoke(status, { query: { key: other, id: made.task_id } });
    expect(foreign.status).toBe(404);
    const shortest = await invoke(create, {
      method: 'POST',
      query: { key },
      body: { origins: text(roadPoints(net, 2, 5, 6)), route_type: 'shortest' },
    });
    expect(shortest.body).toMatchObject({ status: 400, field: 'route_type' });
    // A job whose message ran out of deliveries is failed by the dead-letter consumer.
    await deadLetterHandler(
      sqsEventOf([{ MessageId: 'm', ReceiptHandle: 'r', Body: JSON.stringify({ space: `${made.task_id}-nowhere`, id: 'x' }) }], 'dlq'),
    );
    const url = config.queueUrl('matrix-jobs')!;
    const out = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 1, AttributeNames: ['All'] }));
    await deadLetterHandler(sqsEventOf(out.Messages!, 'matrix-jobs-dlq'));
    const failed = await call(status, key, { method: 'GET', path: '/mdm/status', query: { id: made.task_id } });
    expect(failed).toMatchObject({ code: 'Failed', status: 'failed', message: expect.stringContaining('every delivery') });
  });

  // 4000 x 4000 (160 parts, about 2.5 minutes here, mostly part writes to DynamoDB Local) runs
  // with WAYMARK_MDM_TEST_SIZE=4000; the suite's default still spans several result parts.
  const size = Number(process.env.WAYMARK_MDM_TEST_SIZE ?? 1000);
  it(`computes a ${size} x ${size} matrix across result parts`, async () => {
    const points = roadPoints(net, size, 11, 6);
    const made = await call(create, key, {
      method: 'POST',
      path: '/mdm/create',
      query: { option: 'flexible' },
      body: { origins: text(points) },
    });
    const started = Date.now();
    expect(await drainQueue()).toBe(1);
    console.log(`${size} x ${size} matrix job: ${((Date.now() - started) / 1000).toFixed(1)} s in the worker`);
    const done = await call(status, key, { method: 'GET', path: '/mdm/status', query: { id: made.task_id } });
    expect(done.code).toBe('Ok');
    const rowsPerPart = Math.floor(100_000 / size);
    const parts = Math.ceil(size / rowsPerPart);
    expect(done.result_links).toHaveLength(parts);
    const last = await csv(done.result_links[parts - 1]);
    const firstRow = (parts - 1) * rowsPerPart;
    expect(last).toHaveLength((size - firstRow) * size);
    expect(last[0].slice(0, 2)).toEqual([firstRow, 0]);
    const sample = points.slice(firstRow, firstRow + 2);
    const truth = net.matrix(sample, { targets: points.slice(0, 3), profile: 'car', avoid: {} });
    const checked = last.filter(([i, j]) => i < firstRow + 2 && j < 3);
    expect(checked).toHaveLength(6);
    for (const [i, j, duration] of checked) expect(duration).toBe(Math.round(truth.durations[(i - firstRow) * 3 + j]));
  }, 600_000);
});
