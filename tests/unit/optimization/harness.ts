import { JOB_MAX_RECEIVE_COUNT, type JobMessage } from '../../../shared/optimization/model';
import { optimizationRequestSchema } from '../../../shared/optimization/schemas';
import { submitProblem } from '../../../shared/optimization/service';
import type { DeliveryInfo, WorkerDeps } from '../../../shared/optimization/worker';
import { solveWithStats } from '../../../shared/solver';
import type { WebhookDelivery } from '../../../shared/webhooks/delivery';
import { MemoryOptimizationJobStore } from '../../fixtures/memory/optimization-store';
import { MemoryWebhookSecretStore } from '../../fixtures/memory/webhook-secrets';
import { principal } from './principal';

// The optimization service and worker on the in-memory stores, with fake job and webhook queues
// and a clock the test moves.

export { principal };
export const HOOK = 'https://hooks.example.com/jobs';

/** Three stops around a depot; the request's own matrices, so no road network is involved. */
export const problem = () =>
  optimizationRequestSchema.parse({
    description: 'unit',
    locations: { location: ['57.70,11.97', '57.71,11.96', '57.72,11.99'] },
    vehicles: [{ id: 1, start_index: 0, end_index: 0 }],
    jobs: [
      { id: 11, location_index: 1, service: 30 },
      { id: 12, location_index: 2, service: 30 },
    ],
    duration_matrix: [
      [0, 600, 900],
      [600, 0, 400],
      [900, 400, 0],
    ],
    distance_matrix: [
      [0, 6000, 9000],
      [6000, 0, 4000],
      [9000, 4000, 0],
    ],
    options: { objective: { solving_time_limit: 1 }, webhook: { url: HOOK } },
  });

export const quick: WorkerDeps['solve'] = (req, matrices, opts) => solveWithStats(req, matrices, { ...opts, maxIterations: 50 });

export function harness(solve: WorkerDeps['solve'] = quick) {
  const store = new MemoryOptimizationJobStore();
  const secrets = new MemoryWebhookSecretStore();
  const jobQueue: JobMessage[] = [];
  const webhookQueue: WebhookDelivery[] = [];
  const posted: { url: string; headers: Record<string, string>; body: string }[] = [];
  let offsetMs = 0;
  const deps: WorkerDeps = {
    store,
    enqueue: async (message) => void jobQueue.push(message),
    webhooks: {
      post: async (url, init) => {
        posted.push({ url, headers: init.headers, body: init.body });
        return { status: 204 };
      },
      secretsOf: async (space, keyHash) => [(await secrets.getOrCreate(space, keyHash)).secret],
      enqueue: async (delivery) => void webhookQueue.push(delivery),
      now: () => Math.floor(Date.now() / 1000),
    },
    solve,
    clock: () => Date.now() + offsetMs,
  };
  const delivery = (receiveCount: number): DeliveryInfo => ({
    receiveCount,
    maxReceiveCount: JOB_MAX_RECEIVE_COUNT,
    remainingMs: () => 60_000,
  });
  const submit = async () => (await submitProblem(deps, principal, problem(), { selfHosts: [] })).id;
  const job = (id: string) => store.get(principal.space, id);
  const events = () => webhookQueue.map((d) => JSON.parse(d.body).event);
  /** Moves the deps' clock on (leases end, deadlines pass). */
  const advance = (seconds: number) => void (offsetMs += seconds * 1000);
  return { store, secrets, deps, jobQueue, webhookQueue, posted, delivery, submit, job, events, advance };
}
