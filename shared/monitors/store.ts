import type { AssetState } from './engine';
import type { Page } from '../platform/paging';
import type { EventRecord, StoredMonitor } from './model';

// Ports for monitor persistence. The DynamoDB adapters are
// shared/monitors/dynamo-store.ts (monitors, webhook config) and
// shared/monitors/dynamo-state.ts (evaluation state, events). `space` is
// the caller's (organisation, namespace): every method is confined to it.

export interface MonitorStore {
  /**
   * The space's change counter: every create, replace and delete of a monitor
   * (and every webhook config write) increases it in the same atomic write.
   * 0 before the first write.
   */
  version(space: string): Promise<number>;
  get(space: string, id: string): Promise<StoredMonitor | undefined>;
  /** Every monitor of the space. */
  listAll(space: string): Promise<StoredMonitor[]>;
  /** Every monitor of the space as of change counter `version` (just read) or later. */
  listAllAt(space: string, version: number): Promise<StoredMonitor[]>;
  /** Throws DuplicateMonitorError when the id is taken. */
  create(space: string, monitor: StoredMonitor): Promise<void>;
  /**
   * Replaces a monitor if it is still at revision `expectedRev` and no geofence addition of that
   * revision is pending at `nowMs` (default now); false otherwise (changed, vanished or pending).
   */
  replace(space: string, next: StoredMonitor, expectedRev: string, nowMs?: number): Promise<boolean>;
  /** The writer of revision `rev` confirmed its added geofences: drops `pending` if the monitor is still at `rev`. */
  settle(space: string, id: string, rev: string): Promise<void>;
  /**
   * The writer of revision `rev` takes it back: puts `previous` again (deletes the monitor when
   * undefined) if the monitor is still at `rev`, pending or not; false when it is not.
   */
  revert(space: string, id: string, rev: string, previous: StoredMonitor | undefined): Promise<boolean>;
  /** False when there was no such monitor. */
  delete(space: string, id: string): Promise<boolean>;
}

export class DuplicateMonitorError extends Error {
  constructor(readonly id: string) {
    super(`monitor id already exists: ${id}`);
  }
}

/** An asset's evaluation state as stored. */
export interface StoredEvaluation {
  /** Incremented by every commit; commits are conditional on it. */
  version: number;
  state: AssetState;
  /** created_at of the asset the state belongs to (a re-created asset starts afresh). */
  assetCreatedAt: number;
  /** Committed events wait in the outbox to be copied to the history: relay before listing events. */
  outboxWaiting: boolean;
}

/**
 * Events one commit keeps in its single transaction (at most 100 items: the state, each event,
 * and with webhooks each event's outbox item and the relay item); a larger commit is staged in
 * the outbox (EvaluationStore.commit).
 */
export function eventsInOneTransaction(withWebhooks: boolean): number {
  return withWebhooks ? 49 : 99;
}

/** Where an event's webhooks go: the URLs configured when it was committed, signed with that key's secret. */
export interface WebhookTarget {
  urls: string[];
  keyHash: string;
}

/** Sends one committed event to its webhooks (queues it); false when it could not, so it stays in the outbox. */
export type EventSender = (space: string, assetKey: string, event: EventRecord, target: WebhookTarget) => Promise<boolean>;

// `assetKey` names an asset incarnation (shared/tracking/model.ts assetStorageKey): a deleted and
// re-created asset has another key, so it never sees the state or events of the one before.
export interface EvaluationStore {
  read(space: string, assetKey: string): Promise<StoredEvaluation | undefined>;
  /**
   * Writes the next state if the stored one is still at `expectedVersion` (null: none stored
   * yet), together with `events` and, when `webhook` is given, an outbox entry per event for its
   * webhooks: either all of it is committed or nothing (false on a concurrent change). Any
   * number of events: what does not fit one transaction is staged in the outbox first and
   * committed by the state write. Event writes are idempotent (deterministic keys).
   */
  commit(
    space: string,
    assetKey: string,
    expectedVersion: number | null,
    next: { state: AssetState; assetCreatedAt: number },
    events: readonly EventRecord[],
    webhook?: WebhookTarget,
  ): Promise<boolean>;
  /**
   * Moves the asset's committed outbox entries on (events into the history, webhooks to `send`)
   * and drops entries of commits that never happened; true when the outbox is empty afterwards.
   * Safe to run concurrently and again (at-least-once: an entry is removed only after it was sent).
   */
  relay(space: string, assetKey: string, send: EventSender): Promise<boolean>;
  /** Page `pn` of the events with triggered_timestamp in [from, to], oldest first (total as pageFrom counts it). */
  pageEvents(
    space: string,
    assetKey: string,
    q: { from: number; to: number; monitorId?: string; pn: number; ps: number },
  ): Promise<{ list: EventRecord[]; page: Page }>;
  /** Relays what is committed, then deletes the asset's evaluation state, events and outbox. Resumable. */
  purgeAsset(space: string, assetKey: string, send: EventSender): Promise<void>;
}

export interface WebhookConfig {
  urls: string[];
  /** Hash of the API key that set the URLs up: its signing secret signs the deliveries. */
  keyHash: string;
  /** Unix seconds. */
  updated_at: number;
}

export interface EventConfigStore {
  getWebhooks(space: string): Promise<WebhookConfig | undefined>;
  putWebhooks(space: string, config: WebhookConfig): Promise<void>;
}
