import type { EventRecord } from '../monitors/model';
import type { LocationRecord } from '../tracking/model';

// The live channel's vocabulary: what a subscription is, what a subscriber is sent, and the
// limits. docs/api/live.md is the caller's description of the same.

/** What a subscription follows: an asset's positions, a trip's positions (while active), a monitor's events. */
export type TargetKind = 'asset' | 'trip' | 'monitor';

export interface Subscription {
  kind: TargetKind;
  /** The asset, trip or monitor id. */
  target: string;
  /** The client's own id for it (the action message's `id`), echoed on every message it receives. */
  clientId: string | null;
}

/** Where a subscription is filed for fan-out: trips under their asset, monitors under themselves. */
export interface Topic {
  kind: 'asset' | 'monitor';
  id: string;
}

/** A subscriber as the fan-out finds it under a topic. */
export interface Subscriber {
  connectionId: string;
  kind: TargetKind;
  target: string;
  clientId: string | null;
}

/** The caller of a connection, fixed at connect. */
export interface ConnectionOwner {
  space: string;
  keyHash: string;
}

export interface LiveLimits {
  /** Subscriptions one connection may hold. */
  subscriptionsPerConnection: number;
  /** Connections one API key may hold open at once. */
  connectionsPerKey: number;
}

/** API Gateway closes a connection after 2 hours whatever it does (serverless-offline too). */
export const CONNECTION_MAX_SECONDS = 2 * 3600;

/** The answer to an action message, in the official client's shape. */
export interface ActionAnswer {
  id?: string;
  status: 'success' | 'error';
  error?: string;
  timestamp: number;
}

export interface LocationMessage {
  type: 'location';
  /** Unique per pushed point of an asset incarnation: a subscriber drops a repeat by it. */
  id: string;
  subscription_id: string | null;
  asset_id: string;
  trip_id?: string;
  data: LocationRecord;
  timestamp: number;
}

export interface EventMessage {
  type: 'event';
  id: string;
  subscription_id: string | null;
  monitor_id: string;
  data: EventRecord;
  timestamp: number;
}

export type PushMessage = LocationMessage | EventMessage;

export function topicOf(kind: TargetKind, target: string, tripAsset?: string): Topic {
  if (kind === 'monitor') return { kind: 'monitor', id: target };
  return { kind: 'asset', id: kind === 'trip' ? tripAsset! : target };
}
