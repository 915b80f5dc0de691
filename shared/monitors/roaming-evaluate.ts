import { logger } from '../platform/log';
import type { AttributeFilter } from '../tracking/filters';
import { evaluateRoaming, roamingEventRecord, type RoamingAsset, type RoamingDeps, type RoamingMonitor } from './roaming';
import type { EventRecord, MatchFilter, StoredMonitor } from './model';
import type { EvaluationStore, EventSender, WebhookConfig } from './store';

// Roaming monitors on an accepted upload: the space's roaming monitors (from the evaluator's
// cached context), the pure engine (roaming.ts) on the mover's latest position, each pair change
// committed with its events (and their outbox entries when webhooks are set) by the pair store,
// then the outbox of every subject relayed like any other event's.

export type RoamingPairs = RoamingDeps['pairs'];

export interface RoamingEvaluatorDeps {
  /** The space's monitors and webhook config, as the evaluator caches them (MonitorEvaluator.context). */
  context: (space: string) => Promise<{ monitors: readonly StoredMonitor[]; webhooks?: WebhookConfig }>;
  pairs: RoamingPairs;
  /** Active assets near a point from the position index, named by storage key. */
  nearby: RoamingDeps['nearby'];
  evaluation: Pick<EvaluationStore, 'relay'>;
  send?: EventSender;
}

const pairs = (o: Record<string, string> | undefined) => (o && Object.keys(o).length ? Object.entries(o) : undefined);

function attributeFilter(f: MatchFilter & { tags?: string[] }): AttributeFilter {
  const out: AttributeFilter = {};
  const all = pairs(f.include_all_of_attributes);
  const any = pairs(f.include_any_of_attributes);
  if (all) out.allOf = all;
  if (any) out.anyOf = any;
  if (f.tags?.length) out.tags = f.tags;
  return out;
}

export function roamingMonitors(monitors: readonly StoredMonitor[]): RoamingMonitor[] {
  return monitors.flatMap(({ record: r }) =>
    r.type === 'roaming' && r.roaming_config
      ? [
          {
            id: r.id,
            tags: r.tags,
            radius: r.roaming_config.radius,
            subject: attributeFilter(r.match_filter),
            target: attributeFilter(r.roaming_config.target_filter),
          },
        ]
      : [],
  );
}

/** Evaluates the space's roaming monitors for `mover` (named by its storage key); returns the events committed. */
export async function evaluateRoamingUpload(
  deps: RoamingEvaluatorDeps,
  space: string,
  mover: RoamingAsset,
  now: number,
): Promise<EventRecord[]> {
  const ctx = await deps.context(space);
  const monitors = roamingMonitors(ctx.monitors);
  if (!monitors.length) return [];
  const webhook = deps.send && ctx.webhooks?.urls.length ? { urls: ctx.webhooks.urls, keyHash: ctx.webhooks.keyHash } : undefined;
  const events = await evaluateRoaming(
    {
      nearby: deps.nearby,
      pairs: {
        partners: (s, ids, key) => deps.pairs.partners(s, ids, key),
        flip: (s, m, a, b, subjects, evs) => deps.pairs.flip(s, m, a, b, subjects, evs, webhook),
      },
    },
    space,
    monitors,
    mover,
    now,
  );
  const records = events.map(roamingEventRecord);
  if (webhook && deps.send) {
    const send = deps.send;
    // Committed is durable: a relay cut short here is finished by the sweeper (the flip wrote the relay item).
    for (const key of new Set(records.map((r) => r.key))) {
      await deps.evaluation
        .relay(space, key, send)
        .catch((error) => logger.warn('roaming event relay failed; the sweeper retries it', { error }));
    }
  }
  return records.map((r) => r.record);
}
