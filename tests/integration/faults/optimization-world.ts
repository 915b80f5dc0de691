import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { vi } from 'vitest';
import { createDeadLetterConsumer, createWorker } from '../../../functions/optimization/worker';
import { createDeliveryWorker } from '../../../functions/webhooks/deliver';
import { webhookDelivery } from '../../../functions/webhooks/deps';
import { hashApiKey } from '../../../shared/auth/keys';
import { spaceOf, type Principal } from '../../../shared/auth/model';
import { DynamoOptimizationJobStore } from '../../../shared/optimization/dynamo-store';
import { JOB_MAX_RECEIVE_COUNT, type JobMessage, type JobRecord } from '../../../shared/optimization/model';
import { submitProblem } from '../../../shared/optimization/service';
import { sweepDepsOf, sweepJobs, type SweepStore } from '../../../shared/optimization/sweep';
import type { WorkerDeps } from '../../../shared/optimization/worker';
import { config } from '../../../shared/platform/config';
import { documentClient } from '../../../shared/platform/dynamo';
import { solveWithStats } from '../../../shared/solver';
import type { WebhookDelivery } from '../../../shared/webhooks/delivery';
import { newOrgKey } from '../support/keys';

// A small world for fault injection: the real job store on DynamoDB Local and the real queue
// consumers (job worker, dead-letter consumer, webhook deliverer), fed by in-memory queues that
// redeliver like SQS (every message twice, newest first; a failed one comes back, and goes to its
// dead-letter queue after its last delivery), a webhook receiver that records every POST, a clock
// the test moves, and a wrapper around the DynamoDB client that fails or hangs one chosen call.

export const HOOK = 'https://hooks.example.com/jobs';

type Fault = 'throttle' | 'conditional';

interface Message<T> {
  body: T;
  receiveCount: number;
}

/** Commands of the document client that write, and the tables they touch. */
function writeTables(command: { constructor: { name: string }; input: Record<string, any> }): string[] | undefined {
  const input = command.input;
  switch (command.constructor.name) {
    case 'PutCommand':
    case 'UpdateCommand':
    case 'DeleteCommand':
      return [input.TableName];
    case 'TransactWriteCommand':
      return input.TransactItems.map((t: Record<string, { TableName: string }>) => Object.values(t)[0].TableName);
    case 'BatchWriteCommand':
      return Object.keys(input.RequestItems);
    default:
      return undefined;
  }
}

function injected(fault: Fault, command: { constructor: { name: string }; input: Record<string, any> }): Error {
  const error = new Error(`injected ${fault}`) as Error & { CancellationReasons?: { Code: string }[] };
  if (fault === 'throttle') error.name = 'ProvisionedThroughputExceededException';
  else if (command.constructor.name === 'TransactWriteCommand') {
    error.name = 'TransactionCanceledException';
    error.CancellationReasons = command.input.TransactItems.map((_: unknown, i: number) => ({
      Code: i === 0 ? 'ConditionalCheckFailed' : 'None',
    }));
  } else error.name = 'ConditionalCheckFailedException';
  return error;
}

export async function world(options: { solve?: WorkerDeps['solve'] } = {}) {
  const { key, org } = await newOrgKey();
  const principal: Principal = {
    keyHash: hashApiKey(key),
    org,
    namespace: null,
    space: spaceOf(org, null),
    isRoot: true,
    services: ['optimization'],
    quotas: {},
  };
  const store = new DynamoOptimizationJobStore();
  const jobs: Message<JobMessage>[] = [];
  const deadLetters: Message<JobMessage>[] = [];
  const webhooks: Message<WebhookDelivery>[] = [];
  /** Messages of a worker that was killed: visible again once the clock moves on. */
  const inFlight: Message<JobMessage>[] = [];
  const lost: unknown[] = [];
  let deadLettered = 0;
  const received: { id: string; body: { event: string; request_id: string } }[] = [];
  /** How often each event id was queued. */
  const queued = new Map<string, number>();
  let offsetMs = 0;

  // A send to the job or webhook queue made to fail: the `at`-th one from when it was planned.
  let queueFault: { queue: 'jobs' | 'webhooks'; at: number; sends: number } | undefined;
  const sendFails = (queue: 'jobs' | 'webhooks') => {
    if (queueFault?.queue !== queue || ++queueFault.sends !== queueFault.at) return false;
    queueFault = undefined;
    return true;
  };
  const deps: WorkerDeps = {
    store,
    enqueue: async (message) => {
      if (sendFails('jobs')) throw new Error('injected: job queue unavailable');
      jobs.push({ body: message, receiveCount: 0 });
    },
    webhooks: {
      ...webhookDelivery(),
      post: async (_url, request) => {
        received.push({ id: request.headers['webhook-id'], body: JSON.parse(request.body) });
        return { status: 200 };
      },
      enqueue: async (delivery) => {
        if (sendFails('webhooks')) throw new Error('injected: webhook queue unavailable');
        queued.set(delivery.id, (queued.get(delivery.id) ?? 0) + 1);
        webhooks.push({ body: delivery, receiveCount: 0 });
      },
    },
    clock: () => Date.now() + offsetMs,
    solve: options.solve ?? ((req, matrices, opts) => solveWithStats(req, matrices, { ...opts, maxIterations: 50 })),
  };

  // The DynamoDB client of this process, with one call made to fail (a write) or never answer (any call).
  const client = documentClient();
  if (vi.isMockFunction(client.send)) vi.mocked(client.send).mockRestore(); // the previous world's wrapper
  const send = client.send.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const table = config.table('optimization-jobs');
  let plan: { fault: Fault | 'hang'; at: number } | undefined;
  let calls = 0;
  let writes = 0;
  let conditionalWrites = 0;
  let hung: (() => void) | undefined;
  let inWorker = false;
  vi.spyOn(client, 'send').mockImplementation(((command: any, ...rest: unknown[]) => {
    if (inWorker) calls++;
    const tables = writeTables(command);
    const ours = tables?.includes(table) ?? false;
    const conditional = ours && (command.input.ConditionExpression !== undefined || command.constructor.name === 'TransactWriteCommand');
    if (ours) writes++;
    if (conditional) conditionalWrites++;
    if (plan?.fault === 'hang' && inWorker && calls === plan.at) {
      plan = undefined;
      hung?.();
      return new Promise(() => undefined);
    }
    const n = plan?.fault === 'throttle' ? writes : conditionalWrites;
    if (plan && plan.fault !== 'hang' && (plan.fault === 'throttle' ? ours : conditional) && n === plan.at) {
      const fault = plan.fault;
      plan = undefined;
      return Promise.reject(injected(fault, command));
    }
    return send(command, ...rest);
  }) as never);

  const record = (body: unknown, receiveCount: number, i: number): SQSRecord =>
    ({
      messageId: `m${i}`,
      receiptHandle: `r${i}`,
      body: JSON.stringify(body),
      attributes: { ApproximateReceiveCount: String(receiveCount) },
    }) as never;
  const event = (records: SQSRecord[]): SQSEvent => ({ Records: records });
  const context = { getRemainingTimeInMillis: () => 60_000 };
  const worker = createWorker(() => deps);
  const deadLetter = createDeadLetterConsumer(() => deps);
  const deliverer = createDeliveryWorker(() => deps.webhooks);

  /** Delivers every message of `queue` twice, newest first; keeps those that failed both times (or goes on to `dlq`). */
  async function drain<T>(
    queue: Message<T>[],
    handle: (e: SQSEvent) => Promise<{ batchItemFailures: { itemIdentifier: string }[] } | 'killed'>,
    dlq: Message<T>[] | undefined,
    maxReceive: number,
  ): Promise<number> {
    const batch = queue.splice(0).reverse();
    for (const [i, m] of batch.entries()) {
      const deliver = async (copy: number) => {
        const res = await handle(event([record(m.body, m.receiveCount + copy, i)]));
        return res === 'killed' ? 'killed' : res.batchItemFailures.length ? 'failed' : 'done';
      };
      // Both copies at once, as two consumers would get them; one after the other while a kill is
      // planned, so that the kill stops one invocation only.
      const outcomes = plan?.fault === 'hang' ? [await deliver(1), await deliver(2)] : await Promise.all([deliver(1), deliver(2)]);
      m.receiveCount += 2;
      if (outcomes.includes('done')) continue;
      if (outcomes.includes('killed')) inFlight.push(m as never);
      else if (m.receiveCount < maxReceive) queue.push(m);
      else if (dlq) {
        dlq.push({ body: m.body, receiveCount: 0 });
        deadLettered++;
      } else lost.push(m.body);
    }
    return batch.length;
  }

  /** Runs the worker until it returns, or until the planned hang kills it. */
  const runWorker = (e: SQSEvent) =>
    new Promise<Awaited<ReturnType<typeof worker>> | 'killed'>((resolve, reject) => {
      hung = () => resolve('killed');
      inWorker = true;
      worker(e, context).then(resolve, reject);
    }).finally(() => (inWorker = false));

  // The sweeper sees this world's space only: other tests' jobs in the shared table are not ours to move.
  const sweepStore: SweepStore = {
    jobsToSweep: async () => (await store.jobsToSweep()).filter((j) => j.space === principal.space),
    pendingCounters: async () => (await store.pendingCounters()).filter((c) => c.space === principal.space),
    requeue: (job, now) => store.requeue(job, now),
    finish: (job, outcome, guard) => store.finish(job, outcome, guard),
    pendingCount: (space, keyHash) => store.pendingCount(space, keyHash),
    correctPendingCount: (space, keyHash, seen, count) => store.correctPendingCount(space, keyHash, seen, count),
  };

  return {
    principal,
    key,
    store,
    deps,
    received,
    queued,
    lost,
    /** Messages moved to the job queue's dead-letter queue. */
    deadLettered: () => deadLettered,
    /** Puts a job's message on the dead-letter queue, as SQS does once its deliveries ran out. */
    deadLetter: (id: string) => {
      deadLetters.push({ body: { space: principal.space, id }, receiveCount: 0 });
      deadLettered++;
    },
    /** Fails the `at`-th write (or conditional write) of the optimization table from now on, once; or hangs the worker at its `at`-th call. */
    plan(fault: Fault | 'hang', at: number) {
      plan = { fault, at };
      calls = writes = conditionalWrites = 0;
    },
    /** Since the plan: writes to the optimization table, those with a condition, the worker's calls; and whether the fault is still to come. */
    counts: () => ({ calls, writes, conditionalWrites, pending: plan !== undefined || queueFault !== undefined }),
    /** Fails the `at`-th send to the job or webhook queue from now on, once. */
    planQueueFault(queue: 'jobs' | 'webhooks', at: number) {
      queueFault = { queue, at, sends: 0 };
    },
    /** Submits as a client that retries a failed submission twice; the ids it was given. */
    async submit(problem: unknown, times: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < times; i++) {
        for (let tryNo = 0; ; tryNo++) {
          try {
            ids.push((await submitProblem(deps, principal, problem as never, { selfHosts: [] })).id);
            break;
          } catch (error) {
            if (tryNo >= 2) throw error;
          }
        }
      }
      return ids;
    },
    /** Delivers and sweeps until nothing is left to do: every queue empty and no job of this space to sweep. */
    async settle(): Promise<void> {
      for (let round = 0; round < 40; round++) {
        let handled = await drain(jobs, runWorker, deadLetters, JOB_MAX_RECEIVE_COUNT);
        handled += await drain(deadLetters, (e) => deadLetter(e), undefined, 5);
        handled += await drain(webhooks, (e) => deliverer(e), undefined, 5);
        if (handled) continue;
        // Idle: time passes (leases end, deadlines pass, killed workers' messages come back) and the sweeper runs.
        offsetMs += 3600_000;
        jobs.push(...inFlight.splice(0));
        await sweepJobs({ ...sweepDepsOf(deps), store: sweepStore, settle: async () => undefined }).catch(() => undefined);
        if (!jobs.length && !webhooks.length && !deadLetters.length && !(await sweepStore.jobsToSweep()).length) return;
      }
      throw new Error('the world did not settle in 40 rounds');
    },
    /** Jobs of this space still to sweep (pending, or owing a webhook event). */
    unswept: (): Promise<JobRecord[]> => sweepStore.jobsToSweep(),
  };
}
