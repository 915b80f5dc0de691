import type { ConnectionOwner, Subscriber, Subscription, Topic } from './model';

// What the live channel keeps: open connections (with their subscriptions) and, per topic, the
// subscribers the fan-out posts to. The DynamoDB adapter is shared/live/dynamo-store.ts.

export type OpenOutcome = 'ok' | 'key-full';
export type SubscribeOutcome = 'ok' | 'exists' | 'full' | 'gone';

export interface StoredConnection extends ConnectionOwner {
  connectionId: string;
  subscriptions: Subscription[];
}

export interface LiveStore {
  /** Records a connection, unless its key already holds `maxPerKey` open ones. */
  open(connectionId: string, owner: ConnectionOwner, maxPerKey: number, nowMs: number): Promise<OpenOutcome>;
  get(connectionId: string): Promise<StoredConnection | null>;
  /** Forgets a connection, its subscriptions and its place in its key's count (idempotent). */
  close(connectionId: string): Promise<void>;
  /** Adds a subscription to the connection (at most `max`) and files it under its topic. */
  subscribe(connectionId: string, owner: ConnectionOwner, sub: Subscription, topic: Topic, max: number): Promise<SubscribeOutcome>;
  /** Removes a subscription; false when the connection held none to that target. */
  unsubscribe(connectionId: string, owner: ConnectionOwner, kind: Subscription['kind'], target: string): Promise<boolean>;
  /** Everyone subscribed under a topic of a space. */
  subscribers(space: string, topic: Topic): Promise<Subscriber[]>;
  /** Drops what a topic lists for a connection that is gone. */
  dropSubscriber(space: string, topic: Topic, subscriber: Subscriber): Promise<void>;
}
