import type { AssetState } from './engine';
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
  /** Throws DuplicateMonitorError when the id is taken. */
  create(space: string, monitor: StoredMonitor): Promise<void>;
  /** Replaces a monitor if it is still at revision `expectedRev`; false when it changed or vanished. */
  replace(space: string, next: StoredMonitor, expectedRev: string): Promise<boolean>;
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
  /** Events committed with the state but not yet written to the history (large batches only). */
  outbox: EventRecord[];
}

export interface EvaluationStore {
  read(space: string, assetId: string): Promise<StoredEvaluation | undefined>;
  /**
   * Writes the next state if the stored one is still at `expectedVersion`
   * (null: none stored yet), together with `events`, atomically: either both
   * the state and the events are written, or nothing (returns false on a
   * concurrent change). Event writes are idempotent (deterministic keys).
   */
  commit(
    space: string,
    assetId: string,
    expectedVersion: number | null,
    next: { state: AssetState; assetCreatedAt: number },
    events: readonly EventRecord[],
  ): Promise<boolean>;
  /** Writes events (idempotently) to the history, then clears the outbox of state `version`. */
  flushOutbox(space: string, assetId: string, version: number, events: readonly EventRecord[]): Promise<void>;
  /** Events of the asset with triggered_timestamp in [from, to], oldest first. */
  listEvents(space: string, assetId: string, from: number, to: number, monitorId?: string): Promise<EventRecord[]>;
  /** Deletes the asset's evaluation state and events (the asset was deleted). */
  purgeAsset(space: string, assetId: string): Promise<void>;
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
