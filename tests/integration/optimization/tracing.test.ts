import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as realWorker } from '../../../functions/optimization/worker';
import { handler as metricsHandler } from '../../../functions/platform/metrics';
import { formatTraceparent, newTrace, onSpan, parseTraceparent, parseXRayHeader, type SpanRecord } from '../../../shared/platform/tracing';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { receiveJob, receiver, runQueuedJob, runWebhookQueue, smallProblem, submit, unthrottled } from './support';

// One trace from the HTTP request through the job queue, the worker and the solver to the webhook
// queue and the receiver's request, on the emulators; and the webhook counters of GET /metrics
// move with the deliveries.

/** GET /metrics as the local stage answers it (only the endpoint sees that stage: tables are named by the test's). */
const metricsText = async () => {
  const stage = process.env.WAYMARK_STAGE;
  process.env.WAYMARK_STAGE = 'local';
  try {
    const res = await invoke(metricsHandler, { method: 'GET', path: '/metrics', sourceIp: '127.0.0.1' });
    expect(res.status).toBe(200);
    return res.body as string;
  } finally {
    if (stage === undefined) delete process.env.WAYMARK_STAGE;
    else process.env.WAYMARK_STAGE = stage;
  }
};
const counter = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.split(' ')[1] ?? 0,
  );

describe('tracing: POST -> job queue -> worker -> solver -> webhook queue -> webhook request', () => {
  let key: string;
  let hook: Awaited<ReturnType<typeof receiver>>;
  const saved = process.env.WAYMARK_TRACING;

  beforeAll(async () => {
    ({ key } = await newOrgKey({ quotas: unthrottled }));
    hook = await receiver();
    process.env.WAYMARK_TRACING = '1';
  });
  afterAll(async () => {
    await hook.close();
    if (saved === undefined) delete process.env.WAYMARK_TRACING;
    else process.env.WAYMARK_TRACING = saved;
  });

  it('carries the caller trace across both queues into the webhook request, with every hop a span of it', async () => {
    const incoming = newTrace();
    const spans: SpanRecord[] = [];
    const stop = onSpan((s) => spans.push(s));
    const delivered = 'waymark_webhook_attempts_total{source="optimization",outcome="delivered",failure_class="none"}';
    const before = counter(await metricsText(), delivered);

    const problem = smallProblem({ options: { objective: { solving_time_limit: 1 }, webhook: { url: hook.url } } });
    const submitted = await submit(key, problem, { traceparent: formatTraceparent(incoming) });
    expect(submitted.status).toBe(200);
    const id = submitted.body.id as string;

    // The job message itself carries the context (SQS's AWSTraceHeader), not only the process.
    const message = await receiveJob(id, undefined, 0);
    expect(parseXRayHeader(message.Attributes?.AWSTraceHeader)?.traceId).toBe(incoming.traceId);

    expect((await runQueuedJob(id, realWorker)).failed).toBe(false);
    expect(await runWebhookQueue()).toBeGreaterThanOrEqual(2);
    stop();

    // The receiver got JOB_CREATED and JOB_COMPLETED, each with the caller's trace id.
    const events = hook.received.map((r) => ({
      event: JSON.parse(r.body).event,
      trace: parseTraceparent(r.headers.traceparent as string),
    }));
    expect(events.map((e) => e.event).sort()).toEqual(['JOB_COMPLETED', 'JOB_CREATED']);
    for (const e of events) expect(e.trace?.traceId).toBe(incoming.traceId);
    for (const r of hook.received) expect(parseXRayHeader(r.headers['x-amzn-trace-id'] as string)?.traceId).toBe(incoming.traceId);

    // Every hop recorded a span of that trace, and every span hangs off another one (or the caller's).
    const ours = spans.filter((s) => s.trace_id === incoming.traceId);
    const names = ours.map((s) => s.name);
    for (const name of ['http optimization.submit', 'queue optimization job', 'solve', 'queue webhook', 'webhook POST'])
      expect(names).toContain(name);
    const ids = new Set([incoming.spanId, ...ours.map((s) => s.span_id)]);
    for (const s of ours) expect(ids.has(s.parent_id), `${s.name} has a known parent`).toBe(true);
    // The JOB_COMPLETED POST descends from the worker's span, which descends from the request's.
    const byId = new Map(ours.map((s) => [s.span_id, s]));
    const completedPost = ours.find(
      (s) => s.name === 'webhook POST' && s.span_id === events.find((e) => e.event === 'JOB_COMPLETED')!.trace!.spanId,
    )!;
    const chain: string[] = [];
    for (let s: SpanRecord | undefined = completedPost; s; s = byId.get(s.parent_id)) chain.push(s.name);
    expect(chain).toEqual(['webhook POST', 'queue webhook', 'queue optimization job', 'http optimization.submit']);

    // GET /metrics: both deliveries counted as delivered at the first attempt (at least: the
    // queue is shared with other files, whose leftovers this run may deliver too).
    expect(counter(await metricsText(), delivered) - before).toBeGreaterThanOrEqual(2);
  });
});
