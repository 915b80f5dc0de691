import { DynamoDispatchStore } from '../../shared/dispatch/dynamo-store';
import { StepService } from '../../shared/dispatch/route-steps';
import { RouteService } from '../../shared/dispatch/routes';
import { TemplateService } from '../../shared/dispatch/templates';
import { planForDispatch } from '../../shared/optimization/service';
import { DynamoOptimizationJobStore } from '../../shared/optimization/dynamo-store';
import { roadNetworks } from '../../shared/routing/loaded-networks';
import { webhookDelivery } from '../webhooks/deps';

// Dispatch of this process: its store, the optimization jobs it dispatches from, the road
// networks its arrival estimates drive on, and webhook delivery; built on first use.
let built: { templates: TemplateService; routes: RouteService; steps: StepService } | undefined;

function build() {
  const store = new DynamoDispatchStore();
  const now = () => Date.now();
  const templates = new TemplateService({ store, now });
  const jobs = new DynamoOptimizationJobStore();
  const routes = new RouteService({
    store,
    templates,
    networks: roadNetworks,
    plans: (principal, id) => planForDispatch({ store: jobs }, principal, id),
    webhooks: webhookDelivery(),
    now,
  });
  return { templates, routes, steps: new StepService(routes) };
}

export const dispatch = () => (built ??= build());
