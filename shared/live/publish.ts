import { eventId, type EventRecord } from '../monitors/model';
import { logger } from '../platform/log';
import type { LocationRecord } from '../tracking/model';
import type { PushMessage, Subscriber, Topic } from './model';
import type { ConnectionSender } from './sender';
import type { LiveStore } from './store';

// The fan-out: every accepted position of an asset, and every committed monitor event, posted
// to the connections subscribed to it. One query of the topic per upload (a single partition
// key per asset, so the fan-out's reads spread like the assets themselves); the posts to
// different connections run in parallel, one connection's messages one after another, in the
// order the points were accepted. Uploads of one asset that reach the same process are published
// in the order they were accepted (a chain per asset). Pushing never fails an upload: a post
// that fails is logged and the subscriber misses that message; a connection found gone is
// dropped from the topic.

export interface PublisherDeps {
  store: Pick<LiveStore, 'subscribers' | 'dropSubscriber'>;
  sender: ConnectionSender;
  /** The asset's active trip, read only when a trip subscription is filed under the asset. */
  activeTripOf: (space: string, assetId: string) => Promise<string | null>;
  clock?: () => number;
}

export class LivePublisher {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly clock: () => number;

  constructor(private readonly deps: PublisherDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** Publishes the points an upload stored (in acceptance order); `assetKey` is the asset incarnation's storage key. */
  positions(space: string, assetId: string, assetKey: string, points: readonly LocationRecord[]): Promise<void> {
    if (!points.length) return Promise.resolve();
    return this.inOrder(`${space}\u0000a\u0000${assetId}`, () =>
      this.fanOut(space, { kind: 'asset', id: assetId }, async (subs) => {
        const trip = subs.some((s) => s.kind === 'trip') ? await this.deps.activeTripOf(space, assetId) : null;
        const now = this.clock();
        return (s) => {
          if (s.kind === 'trip' && s.target !== trip) return [];
          return points.map((p) => ({
            type: 'location' as const,
            id: `${assetKey}:${p.timestamp}`,
            subscription_id: s.clientId,
            asset_id: assetId,
            ...(s.kind === 'trip' ? { trip_id: s.target } : {}),
            data: p,
            timestamp: now,
          }));
        };
      }),
    );
  }

  /** Publishes the events an upload committed, to the subscribers of each event's monitor. */
  async events(space: string, assetKey: string, events: readonly EventRecord[]): Promise<void> {
    const byMonitor = new Map<string, EventRecord[]>();
    for (const e of events) byMonitor.set(e.monitor_id, [...(byMonitor.get(e.monitor_id) ?? []), e]);
    await Promise.all(
      [...byMonitor].map(([monitorId, list]) =>
        this.inOrder(`${space}\u0000m\u0000${monitorId}`, () =>
          this.fanOut(space, { kind: 'monitor', id: monitorId }, async () => {
            const now = this.clock();
            return (s) =>
              list.map((e) => ({
                type: 'event' as const,
                id: `${assetKey}:${eventId(e)}`,
                subscription_id: s.clientId,
                monitor_id: monitorId,
                data: e,
                timestamp: now,
              }));
          }),
        ),
      ),
    );
  }

  private inOrder(key: string, run: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(key) ?? Promise.resolve()).then(run);
    this.chains.set(key, next);
    void next.finally(() => {
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
    return next;
  }

  private async fanOut(
    space: string,
    topic: Topic,
    build: (subs: Subscriber[]) => Promise<(s: Subscriber) => PushMessage[]>,
  ): Promise<void> {
    try {
      const subs = await this.deps.store.subscribers(space, topic);
      if (!subs.length) return;
      const messagesFor = await build(subs);
      await Promise.all(subs.map((s) => this.deliver(space, topic, s, messagesFor(s))));
    } catch (error) {
      logger.warn('live fan-out failed; its subscribers miss these messages', { error, topic: topic.kind });
    }
  }

  private async deliver(space: string, topic: Topic, s: Subscriber, messages: PushMessage[]): Promise<void> {
    try {
      for (const m of messages) {
        if ((await this.deps.sender.post(s.connectionId, JSON.stringify(m))) === 'gone') {
          await this.deps.store.dropSubscriber(space, topic, s);
          return;
        }
      }
    } catch (error) {
      logger.warn('live push to a connection failed; it misses the rest of this upload', { error, topic: topic.kind });
    }
  }
}
