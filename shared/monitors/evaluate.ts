import { compileFence, type CompiledFence } from '../geo';
import { fenceInput } from '../geofence/contain';
import { pointCells } from '../geofence/cover';
import type { StoredGeofence } from '../geofence/model';
import type { GeofenceStore, ListedFence } from '../geofence/store';
import { logger } from '../platform/log';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import { engineContext, engineMonitor } from './compile';
import { emptyState, evaluate, type AssetState, type EngineContext, type EngineMonitor, type TrackPoint } from './engine';
import type { EventRecord, StoredMonitor } from './model';
import { onlyWatermarkMoved } from './quiet';
import {
  eventsInOneTransaction,
  type EvaluationStore,
  type EventConfigStore,
  type EventSender,
  type MonitorStore,
  type WebhookConfig,
  type WebhookTarget,
} from './store';

// Monitor evaluation on an accepted track upload: load the space's monitors
// (see context() for when a process reuses them), read the asset's evaluation
// state, load the watched fences near the points (see fences()), run the pure
// engine on the points newer than the state's watermark, and commit state and events in one
// conditional write. A concurrent upload of the same asset makes the commit
// fail: the state is read again and only the points still newer than its
// watermark are evaluated, so concurrent and redelivered uploads never produce
// a duplicate or a phantom event. Webhooks go through the outbox the commit
// writes with the events (never for an event that was not stored, and never
// lost to a crash after the commit): relayed at once, else by the sweeper.

const MAX_ATTEMPTS = 10;
const MAX_COMPILED = 20_000;
/** Index cells whose watched fences a process keeps (a few ids each). */
const MAX_CELLS = 50_000;
/**
 * The history is only read for gaps up to this long (ms of point time). A
 * longer gap between the watermark and the latest location means the asset
 * was not evaluated meanwhile (no monitors in the space, or it simply did not
 * upload): those points are not evaluated after the fact.
 */
const MAX_RECOVERY_MS = 10 * 60 * 1000;

export interface TrackInput {
  space: string;
  assetId: string;
  /** The asset incarnation's storage key (state, events and history are kept under it). */
  assetKey: string;
  /** created_at of the asset: a deleted and re-created asset starts from a fresh state. */
  assetCreatedAt: number;
  attributes: Record<string, string>;
  /** The upload's points newer than the asset's previous latest location. */
  points: readonly TrackPoint[];
  /** Server time, ms. */
  now: number;
  /** Timestamp of the asset's latest location before this upload (ms), when it had one. */
  previousLatestTs?: number;
  /** Timestamp of the asset's latest location after this upload (ms). */
  latestTs?: number;
  /**
   * Timestamps of the upload's late points (stored, but older than the previous latest location):
   * a state whose watermark trails one of them is written rather than left behind (quiet.ts).
   */
  late?: readonly number[];
}

export interface EvaluatorDeps {
  monitors: MonitorStore;
  geofences: Pick<GeofenceStore, 'getMany' | 'listedIn' | 'getListed'>;
  evaluation: EvaluationStore;
  config: EventConfigStore;
  /** Queues an event's webhooks (absent: events are not announced). */
  send?: EventSender;
  /**
   * History points of the asset incarnation with from < timestamp <= to (recovery: points
   * an earlier upload stored but whose evaluation failed before committing).
   */
  history?: (space: string, assetKey: string, from: number, to: number) => Promise<TrackPoint[]>;
  /**
   * Road speed limit at a point, m/s, undefined where none is known (no
   * network covers the point, no road near it, or its way has no maxspeed tag):
   * what use_admin_speed_limit monitors compare against.
   */
  speedLimitAt?: (lat: number, lon: number) => number | undefined;
  /**
   * How long a process reuses what the geofence index lists under a cell, ms (default 5000): a
   * geofence reshaped through another instance is seen within that time. Monitors and webhook
   * config are never reused past a change.
   */
  cacheMs?: number;
  clock?: () => number;
}

interface SpaceContext {
  /** The space's monitor change counter the context was loaded at. */
  version: number;
  monitors: StoredMonitor[];
  engineMonitors: EngineMonitor[];
  /** Every geofence some monitor watches. */
  watched: ReadonlySet<string>;
  webhooks?: WebhookConfig;
}

export class MonitorEvaluator {
  private readonly contexts = new Map<string, SpaceContext>();
  private readonly compiled = new Map<string, CompiledFence>();
  /** Watched fences listed under an index cell, per (space, monitors version, cell). */
  private readonly cells = new Map<string, { at: number; listed: Promise<ListedFence[]> }>();
  private readonly loading = new Map<string, Promise<SpaceContext>>();
  /** Bumped by invalidate(): a load started before a change does not fill the cache. */
  private readonly generation = new Map<string, number>();
  private readonly clock: () => number;

  constructor(private readonly deps: EvaluatorDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** Forgets the cached context of a space (after a monitor or webhook change in this process). */
  invalidate(space: string): void {
    this.contexts.delete(space);
    for (const key of this.loading.keys()) if (key.startsWith(`${space}\u0000`)) this.loading.delete(key);
    this.generation.set(space, (this.generation.get(space) ?? 0) + 1);
  }

  private compile(space: string, g: StoredGeofence): CompiledFence {
    const key = `${space}\u0000${g.record.id}\u0000${g.rev}`;
    let fence = this.compiled.get(key);
    if (!fence) {
      fence = compileFence(fenceInput(g.record));
      if (this.compiled.size >= MAX_COMPILED) this.compiled.delete(this.compiled.keys().next().value!);
      this.compiled.set(key, fence);
    }
    return fence;
  }

  /**
   * The space's monitors and webhook config. One strongly consistent read of the space's change
   * counter per call: when it moved since the cached context was loaded (a monitor or webhook
   * write through any instance), they are loaded again, so the very next upload after a write
   * sees it.
   */
  async context(space: string): Promise<SpaceContext> {
    const version = await this.deps.monitors.version(space);
    const cached = this.contexts.get(space);
    if (cached && cached.version === version) return cached;
    // Concurrent uploads of one space that saw the same counter share a single reload.
    const key = `${space}\u0000${version}`;
    let loading = this.loading.get(key);
    if (!loading) {
      const p: Promise<SpaceContext> = this.load(space, version).finally(() => {
        if (this.loading.get(key) === p) this.loading.delete(key);
      });
      this.loading.set(key, p);
      loading = p;
    }
    return loading;
  }

  /**
   * The context this process last loaded for the space, without reading the change counter again:
   * for what runs right after onTrack on the same upload (roaming monitors), which just read it.
   */
  async latestContext(space: string): Promise<SpaceContext> {
    return this.contexts.get(space) ?? this.context(space);
  }

  private async load(space: string, version: number): Promise<SpaceContext> {
    const gen = this.generation.get(space) ?? 0;
    // Read after the counter: the monitors are at least as new as `version`.
    const monitors = await this.deps.monitors.listAllAt(space, version);
    const webhooks = monitors.length ? await this.deps.config.getWebhooks(space) : undefined;
    const ctx: SpaceContext = {
      version,
      monitors,
      engineMonitors: monitors.map((m) => engineMonitor(m)),
      watched: new Set(monitors.flatMap((m) => m.record.geofence_ids)),
      webhooks,
    };
    const cached = this.contexts.get(space);
    if ((this.generation.get(space) ?? 0) === gen && !(cached && cached.version > version)) this.contexts.set(space, ctx);
    return ctx;
  }

  /**
   * The engine context for evaluating `points` from `state`: the watched fences the geofence
   * index lists near the points (and near the last evaluated point, which a changed monitor
   * starts from), read by id at the listed revision, plus the fences the state remembers (the
   * asset is inside, or crossing). A watched fence not loaded is outside every point, so an
   * asset that jumps far from a fence still exits it; only a fence found deleted is dropped.
   * Cell lists are reused for `cacheMs`, compiled fences per revision.
   */
  private async fences(space: string, ctx: SpaceContext, state: AssetState, points: readonly TrackPoint[]): Promise<EngineContext> {
    if (!ctx.watched.size) return engineContext(ctx.monitors, [], new Set(), ctx.engineMonitors);
    const at = points.map((p) => p.location);
    if (state.last) at.push({ lat: state.last.lat, lon: state.last.lon });
    const cells = [...new Set(at.flatMap(pointCells))];
    const revisions = new Map<string, Set<string>>();
    for (const listed of await Promise.all(cells.map((cell) => this.listedIn(space, ctx, cell)))) {
      for (const { id, rev } of listed) revisions.set(id, (revisions.get(id) ?? new Set()).add(rev));
    }
    const remembered = new Set(Object.values(state.m).flatMap((ms) => Object.keys(ms.f ?? {})));
    const unlisted = [...remembered].filter((id) => ctx.watched.has(id) && !revisions.has(id));
    const fences: CompiledFence[] = [];
    const wanted: ListedFence[] = [];
    const current: string[] = [...unlisted];
    for (const [id, revs] of revisions) {
      const cached = revs.size === 1 ? this.compiled.get(`${space}\u0000${id}\u0000${[...revs][0]}`) : undefined;
      if (cached) fences.push(cached);
      else if (revs.size === 1) wanted.push({ id, rev: [...revs][0] });
      else current.push(id); // being reshaped: the fence as stored now decides
    }
    const [byRevision, now] = await Promise.all([
      wanted.length ? this.deps.geofences.getListed(space, wanted) : Promise.resolve([]),
      current.length ? this.deps.geofences.getMany(space, current) : Promise.resolve([]),
    ]);
    const found = new Set(fences.map((f) => f.id));
    for (const g of [...byRevision, ...now]) {
      if (found.has(g.record.id)) continue;
      found.add(g.record.id);
      fences.push(this.compile(space, g));
    }
    const gone = new Set([...wanted.map((w) => w.id), ...current].filter((id) => !found.has(id)));
    return engineContext(ctx.monitors, fences, gone, ctx.engineMonitors);
  }

  /** The watched fences listed under one index cell (reused for cacheMs within one monitors version; concurrent uploads share a read). */
  private listedIn(space: string, ctx: SpaceContext, cell: string): Promise<ListedFence[]> {
    const key = `${space}\u0000${ctx.version}\u0000${cell}`;
    const now = this.clock();
    const hit = this.cells.get(key);
    if (hit && now - hit.at < (this.deps.cacheMs ?? 5000)) return hit.listed;
    const listed = this.deps.geofences.listedIn(space, cell).then((all) => all.filter((l) => ctx.watched.has(l.id)));
    this.cells.delete(key);
    if (this.cells.size >= MAX_CELLS) this.cells.delete(this.cells.keys().next().value!);
    const entry = { at: now, listed };
    this.cells.set(key, entry);
    listed.catch(() => {
      if (this.cells.get(key) === entry) this.cells.delete(key);
    });
    return listed;
  }

  /** Evaluates an upload's forward points; returns the events committed. */
  async onTrack(input: TrackInput): Promise<EventRecord[]> {
    if (!input.points.length && input.previousLatestTs === undefined && input.latestTs === undefined) return [];
    const ctx = await this.context(input.space);
    // Roaming monitors keep no per-asset state here (shared/monitors/roaming-evaluate.ts).
    if (!ctx.monitors.some((m) => m.record.type !== 'roaming')) return [];
    const target: WebhookTarget | undefined =
      this.deps.send && ctx.webhooks?.urls.length ? { urls: ctx.webhooks.urls, keyHash: ctx.webhooks.keyHash } : undefined;
    let outboxWaiting = false;
    const events = await retry(
      async () => {
        const { events, waiting } = await this.commitOnce(input, ctx, target);
        outboxWaiting ||= waiting;
        return events;
      },
      {
        retryable: isWriteConflict,
        attempts: MAX_ATTEMPTS,
        exhausted: () => new Error(`monitor state of asset "${input.assetId}" kept changing concurrently`),
      },
    );
    // Committed is durable: a relay cut short here is finished by the next relay or the sweeper.
    if ((events.length && (target || events.length > eventsInOneTransaction(false))) || outboxWaiting) {
      await this.relay(input.space, input.assetKey).catch((error) =>
        logger.warn('monitor outbox relay failed; the sweeper retries it', { error }),
      );
    }
    return events;
  }

  /** Moves the asset's committed outbox on (events to the history, webhooks to the queue). */
  relay(space: string, assetKey: string): Promise<boolean> {
    return this.deps.evaluation.relay(space, assetKey, this.deps.send ?? (async () => false));
  }

  /** One read-evaluate-commit of the asset's state; WriteConflict when a concurrent commit got there first. */
  private async commitOnce(
    input: TrackInput,
    ctx: SpaceContext,
    target: WebhookTarget | undefined,
  ): Promise<{ events: EventRecord[]; waiting: boolean }> {
    const stored = await this.deps.evaluation.read(input.space, input.assetKey);
    const waiting = stored?.outboxWaiting ?? false;
    const current = stored && stored.assetCreatedAt === input.assetCreatedAt ? stored.state : emptyState();
    let points = input.points;
    // Points between the watermark and the asset's latest location that this upload did not
    // bring: stored by a concurrent upload of the same points (the history keeps the first
    // write), or by an earlier upload whose evaluation failed before committing (its retry
    // finds nothing new to store). Read them from the history and evaluate them too.
    // Without a state yet (the incarnation's first evaluation) the recovery window itself: a first
    // upload whose evaluation failed is recovered by its retry like any other.
    const upTo = Math.max(input.latestTs ?? -Infinity, input.previousLatestTs ?? -Infinity);
    const watermark = current.last?.ts ?? upTo - MAX_RECOVERY_MS;
    const late = new Set(input.late ?? []);
    if (this.deps.history && upTo > watermark && upTo - watermark <= MAX_RECOVERY_MS) {
      // Late points are not left out: an upload retried after its first attempt moved the asset
      // stores its own points as "late", and those must be evaluated.
      const missed = await this.deps.history(input.space, input.assetKey, watermark, upTo);
      if (missed.length) {
        const byTs = new Map<number, TrackPoint>();
        for (const p of missed) byTs.set(p.timestamp, p);
        for (const p of input.points) if (!byTs.has(p.timestamp)) byTs.set(p.timestamp, p);
        points = [...byTs.values()];
      }
    }
    const engine = await this.fences(input.space, ctx, current, points);
    const result = evaluate(engine, {
      assetId: input.assetId,
      attributes: input.attributes,
      state: current,
      points,
      now: input.now,
      speedLimitAt: this.deps.speedLimitAt,
    });
    if (result.evaluated === 0) return { events: [], waiting }; // everything already evaluated (redelivery, late points)
    // Nothing but the watermark moved: the next evaluation re-reads these points (quiet.ts). Only
    // with the history to re-read, and not past a late point, so the stretch closes on it.
    const trailsLate = [...late].some((t) => t > (current.last?.ts ?? -Infinity));
    if (stored && stored.assetCreatedAt === input.assetCreatedAt && this.deps.history && !trailsLate && !result.events.length) {
      if (onlyWatermarkMoved(current, result.state)) return { events: [], waiting };
    }
    const ok = await this.deps.evaluation.commit(
      input.space,
      input.assetKey,
      stored?.version ?? null,
      { state: result.state, assetCreatedAt: input.assetCreatedAt },
      result.events,
      target,
    );
    if (!ok) throw new WriteConflict();
    return { events: result.events, waiting };
  }
}
