import { emitWebhook, type DeliveryDeps } from '../webhooks/delivery';
import type { StoredRoute, StoredStep } from './model';

// A route's events, sent to its webhook signed with the secret of the key that dispatched it
// (shared/webhooks/README.md#what-a-receiver-gets). Event ids are fixed per event, so a receiver
// deduplicates the repeats a retried request sends.

export type DispatchEvent = 'STEP_COMPLETED' | 'ROUTE_COMPLETED' | 'ROUTE_REDISPATCHED';

export async function emitRouteEvent(
  webhooks: DeliveryDeps,
  space: string,
  route: StoredRoute,
  event: DispatchEvent,
  timestamp: number,
  step?: StoredStep,
): Promise<void> {
  if (!route.webhook) return;
  const suffix = event === 'STEP_COMPLETED' ? `_${step?.id}` : event === 'ROUTE_REDISPATCHED' ? `_v${route.version}` : '';
  const payload = {
    event,
    route_id: route.id,
    route_short_id: route.short_id,
    vehicle_id: route.vehicle_id,
    driver_email: route.driver.email,
    completed_steps: route.steps.filter((s) => s.completion.status === 'completed').length,
    total_steps: route.steps.length,
    ...(step
      ? {
          step_id: step.id,
          step_short_id: step.short_id,
          completed_at: step.completion.completed_at,
          completed_by: step.completion.completed_by,
          document: step.completion.document ?? null,
        }
      : {}),
    timestamp,
  };
  await emitWebhook(
    {
      id: `msg_${route.id}_${event}${suffix}`,
      event,
      url: route.webhook.url,
      timeout: route.webhook.timeout,
      payload,
      space,
      keyHash: route.key_hash,
    },
    webhooks,
  );
}
