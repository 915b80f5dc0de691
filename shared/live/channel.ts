import { ApiError } from '../platform/errors';
import { parseWith } from '../platform/validate';
import { topicOf, type ActionAnswer, type ConnectionOwner, type LiveLimits, type Subscription, type TargetKind } from './model';
import { actionMessage, type Action, type ActionMessage } from './schemas';
import type { LiveStore, OpenOutcome } from './store';

// One web socket connection's life: opened for an API key's space, then action messages
// answered one by one in the official client's shape ({id, status, error?, timestamp}).
// What a subscription may follow is checked in the caller's space, so a namespaced key never
// subscribes to another space's asset, trip or monitor (they simply do not exist for it).

/** What the channel asks the features it follows; a namespaced key's space is all they search. */
export interface Targets {
  /** The trip's asset and whether the trip is still active; null when the space has no such trip. */
  trip(space: string, id: string): Promise<{ assetId: string; active: boolean } | null>;
  assetExists(space: string, id: string): Promise<boolean>;
  monitorExists(space: string, id: string): Promise<boolean>;
}

export interface ChannelDeps {
  store: LiveStore;
  targets: Targets;
  limits: () => LiveLimits;
  clock?: () => number;
}

const KIND: Record<Exclude<Action, 'HEARTBEAT'>, { kind: TargetKind; subscribe: boolean }> = {
  TRIP_SUBSCRIBE: { kind: 'trip', subscribe: true },
  TRIP_UNSUBSCRIBE: { kind: 'trip', subscribe: false },
  ASSET_SUBSCRIBE: { kind: 'asset', subscribe: true },
  ASSET_UNSUBSCRIBE: { kind: 'asset', subscribe: false },
  MONITOR_SUBSCRIBE: { kind: 'monitor', subscribe: true },
  MONITOR_UNSUBSCRIBE: { kind: 'monitor', subscribe: false },
};

class Refused extends Error {}

export class LiveChannel {
  private readonly clock: () => number;

  constructor(private readonly deps: ChannelDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  open(connectionId: string, owner: ConnectionOwner): Promise<OpenOutcome> {
    return this.deps.store.open(connectionId, owner, this.deps.limits().connectionsPerKey, this.clock());
  }

  close(connectionId: string): Promise<void> {
    return this.deps.store.close(connectionId);
  }

  /** Answers one message of an open connection; a refused message is an error answer, never a throw. */
  async act(connectionId: string, raw: string): Promise<ActionAnswer> {
    let id: string | undefined;
    try {
      const message = this.parse(raw);
      id = message.id;
      if (message.action === 'HEARTBEAT') return this.answer(id);
      const conn = await this.deps.store.get(connectionId);
      if (!conn) throw new Refused('the connection is closed; connect again');
      const { kind, subscribe } = KIND[message.action];
      const target = requireTarget(message);
      if (subscribe) await this.subscribe(connectionId, conn, kind, target, message.id ?? null);
      else if (!(await this.deps.store.unsubscribe(connectionId, conn, kind, target)))
        throw new Refused(`params.id: this connection has no ${kind} subscription to "${target}"`);
      return this.answer(id);
    } catch (error) {
      if (error instanceof Refused || error instanceof ApiError) return this.answer(id, error.message);
      throw error;
    }
  }

  /**
   * The same message over plain HTTP (POST /skynet/subscribe): checked as on the socket, but a
   * request has nowhere to push to, so a (un)subscription is refused with where the socket is.
   */
  async actOverHttp(space: string, message: ActionMessage, socketUrl: string): Promise<ActionAnswer> {
    if (message.action === 'HEARTBEAT') return this.answer(message.id);
    try {
      const { kind, subscribe } = KIND[message.action];
      const target = requireTarget(message);
      if (subscribe) await this.check(space, kind, target);
      return this.answer(
        message.id,
        `${message.action} works on the live channel's web socket: connect to ${socketUrl}?key=<your key> and send this message there`,
      );
    } catch (error) {
      if (error instanceof Refused) return this.answer(message.id, error.message);
      throw error;
    }
  }

  private parse(raw: string): ActionMessage {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new Refused('the message is not JSON: send {"action": "...", "id": "...", "params": {"id": "..."}}');
    }
    return parseWith(actionMessage, body, 'body');
  }

  private async subscribe(connectionId: string, owner: ConnectionOwner, kind: TargetKind, target: string, clientId: string | null) {
    const assetId = await this.check(owner.space, kind, target);
    const sub: Subscription = { kind, target, clientId };
    const max = this.deps.limits().subscriptionsPerConnection;
    const outcome = await this.deps.store.subscribe(connectionId, owner, sub, topicOf(kind, target, assetId), max);
    if (outcome === 'exists') throw new Refused(`params.id: this connection is already subscribed to ${kind} "${target}"`);
    if (outcome === 'full')
      throw new Refused(`too many subscriptions: a connection holds at most ${max}; unsubscribe first or open another connection`);
    if (outcome === 'gone') throw new Refused('the connection is closed; connect again');
  }

  /** The target exists in the space (a trip: and is active); for a trip, its asset. */
  private async check(space: string, kind: TargetKind, target: string): Promise<string | undefined> {
    const { targets } = this.deps;
    if (kind === 'trip') {
      const trip = await targets.trip(space, target);
      if (!trip) throw new Refused(`params.id: no trip "${target}"`);
      if (!trip.active) throw new Refused(`params.id: trip "${target}" has ended; only an active trip can be subscribed to`);
      return trip.assetId;
    }
    const exists = kind === 'asset' ? await targets.assetExists(space, target) : await targets.monitorExists(space, target);
    if (!exists) throw new Refused(`params.id: no ${kind} "${target}"`);
    return undefined;
  }

  private answer(id: string | undefined, error?: string): ActionAnswer {
    return {
      ...(id !== undefined ? { id } : {}),
      status: error ? 'error' : 'success',
      ...(error ? { error } : {}),
      timestamp: this.clock(),
    };
  }
}

function requireTarget(message: ActionMessage): string {
  if (!message.params) throw new Refused(`params.id: required for ${message.action}`);
  return message.params.id;
}
