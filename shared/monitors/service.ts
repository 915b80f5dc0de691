import { randomUUID } from 'node:crypto';
import { conflict, invalid, notFound, quoteIds, unprocessable } from '../platform/errors';
import type { GeofenceStore } from '../geofence/store';
import type { CreateMonitorInput, UpdateMonitorInput } from './schemas';
import { paginate, type Page } from '../platform/paging';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import { webhookTargetProblem } from '../webhooks/target';
import {
  isGeofenceType,
  monitorView,
  type EventRecord,
  type MatchFilter,
  type MonitorRecord,
  type MonitorType,
  type MonitorView,
  type RoamingConfig,
  type StoredMonitor,
} from './model';
import { MAX_ROAMING_MONITORS, MAX_ROAMING_RADIUS, MIN_ROAMING_RADIUS } from './schemas';
import { DuplicateMonitorError, type EvaluationStore, type EventConfigStore, type MonitorStore, type WebhookConfig } from './store';

// Monitor operations (create, get, update, list, delete), the event history and
// the event-webhook configuration.

const UPDATE_ATTEMPTS = 5;
/** How long a write's added geofences stay pending at most (a request runs for at most 29 s). */
const PENDING_MS = 30_000;

/** For each of `ids` some monitor watches, the ids of the monitors watching it (a geofence delete refuses those). */
export async function monitorsWatching(
  store: Pick<MonitorStore, 'listAll'>,
  space: string,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  const wanted = new Set(ids);
  const out = new Map<string, string[]>();
  for (const { record } of await store.listAll(space)) {
    for (const g of record.geofence_ids) {
      if (!wanted.has(g)) continue;
      if (!out.has(g)) out.set(g, []);
      out.get(g)!.push(record.id);
    }
  }
  return out;
}

export interface MonitorServiceDeps {
  monitors: MonitorStore;
  geofences: Pick<GeofenceStore, 'unavailable'>;
  evaluation: EvaluationStore;
  config: EventConfigStore;
  /** The storage key of the asset's current incarnation; undefined when there is no such asset (404). */
  assetKey: (space: string, assetId: string) => Promise<string | undefined>;
  /** Finishes a relay of the asset's outbox that was cut short (MonitorEvaluator.relay). */
  relay?: (space: string, assetKey: string) => Promise<boolean>;
  /** Whether road speed limits can be looked up (a road network is loaded); false when absent. */
  roadSpeedLimits?: () => boolean;
  /** Called after every monitor or webhook change (drops cached evaluation contexts). */
  changed?: (space: string) => void;
  /** Unix ms. */
  clock?: () => number;
}

type Draft = Omit<MonitorRecord, 'id' | 'created_at' | 'updated_at'>;

const clean = (o: Record<string, string> | null | undefined): Record<string, string> | undefined =>
  o && Object.keys(o).length ? o : undefined;

function matchFilterOf(input: CreateMonitorInput['match_filter']): MatchFilter {
  const out: MatchFilter = {};
  const all = clean(input?.include_all_of_attributes);
  const any = clean(input?.include_any_of_attributes);
  if (all) out.include_all_of_attributes = all;
  if (any) out.include_any_of_attributes = any;
  return out;
}

/** Applies `input` (create: onto an empty draft) and checks what the type requires. */
function applyFields(base: Draft, input: UpdateMonitorInput, type: MonitorType, roadLimits: () => boolean): Draft {
  const d: Draft = structuredClone(base);
  d.type = type;
  if (input.name != null) d.name = input.name;
  if (input.description != null) d.description = input.description;
  if (input.tags != null) d.tags = [...new Set(input.tags)];
  if (input.meta_data != null) d.meta_data = input.meta_data;
  if (input.match_filter !== undefined) d.match_filter = matchFilterOf(input.match_filter);
  const ids = input.geofence_config?.geofence_ids ?? input.geofence_ids;
  if (ids != null) d.geofence_ids = [...new Set(ids)];
  if (input.geofence_config?.dwell_time != null) d.dwell_time = input.geofence_config.dwell_time;
  if (input.speeding_config != null) {
    const s = input.speeding_config;
    d.speeding_config = { time_tolerance: s.time_tolerance ?? 0 };
    if (s.customer_speed_limit != null) d.speeding_config.customer_speed_limit = s.customer_speed_limit;
    if (s.use_admin_speed_limit != null) d.speeding_config.use_admin_speed_limit = s.use_admin_speed_limit;
  }
  if (input.idle_config != null) {
    const i = input.idle_config;
    if (i.distance_tolerance == null) throw invalid('idle_config.distance_tolerance', 'is required (metres)');
    if (i.time_tolerance == null) throw invalid('idle_config.time_tolerance', 'is required (ms)');
    d.idle_config = { distance_tolerance: i.distance_tolerance, time_tolerance: i.time_tolerance };
  }

  if (isGeofenceType(type)) {
    if (!d.geofence_ids.length)
      throw invalid('geofence_config.geofence_ids', `is required for type "${type}" (or top-level geofence_ids): at least one geofence id`);
  } else {
    delete d.dwell_time;
  }
  if (type === 'speeding') {
    const s = d.speeding_config;
    if (!s) throw invalid('speeding_config', 'is required for type "speeding"');
    if (s.use_admin_speed_limit) {
      // Without any network the monitor could never find a limit; with one, points off its
      // roads fall back to customer_speed_limit (or no limit), which is documented.
      if (!roadLimits()) {
        throw unprocessable(
          'speeding_config.use_admin_speed_limit: road speed limits are not available: no road network with speed limits is loaded (import one into WAYMARK_NETWORK_DIR, see README "Road networks"); set customer_speed_limit (m/s) instead',
          'speeding_config.use_admin_speed_limit',
        );
      }
    } else if (s.customer_speed_limit === undefined) {
      throw invalid(
        'speeding_config.customer_speed_limit',
        'is required for type "speeding" (m/s, greater than 0) unless use_admin_speed_limit is true',
      );
    }
  } else {
    delete d.speeding_config;
  }
  if (type === 'idle') {
    if (!d.idle_config) throw invalid('idle_config', 'is required for type "idle" (distance_tolerance in metres, time_tolerance in ms)');
  } else {
    delete d.idle_config;
  }
  applyRoaming(d, input, type);
  return d;
}

/** Roaming: radius and a non-empty target filter required; no geofences (pairs of assets, not fences). */
function applyRoaming(d: Draft, input: UpdateMonitorInput, type: MonitorType): void {
  if (type !== 'roaming') {
    delete d.roaming_config;
    return;
  }
  const r = input.roaming_config;
  if (r != null) {
    const radius = r.radius ?? d.roaming_config?.radius;
    if (radius == null)
      throw invalid('roaming_config.radius', `is required for type "roaming" (metres, ${MIN_ROAMING_RADIUS} to ${MAX_ROAMING_RADIUS})`);
    const target: RoamingConfig['target_filter'] =
      r.target_filter !== undefined ? matchFilterOf(r.target_filter) : (d.roaming_config?.target_filter ?? {});
    const tags = r.target_filter === undefined ? d.roaming_config?.target_filter.tags : r.target_filter?.tags;
    if (tags?.length) target.tags = [...new Set(tags)];
    d.roaming_config = { radius, target_filter: target };
  }
  if (!d.roaming_config) throw invalid('roaming_config', `is required for type "roaming" (radius in metres, target_filter)`);
  const t = d.roaming_config.target_filter;
  if (!t.include_all_of_attributes && !t.include_any_of_attributes && !t.tags?.length)
    throw invalid(
      'roaming_config.target_filter',
      'is required for type "roaming": at least one of include_all_of_attributes, include_any_of_attributes or tags (which assets the monitored ones come near)',
    );
  if (d.geofence_ids.length)
    throw invalid('geofence_config.geofence_ids', 'must be empty for type "roaming" (it watches pairs of assets, not geofences)');
  delete d.dwell_time;
}

export class MonitorService {
  private readonly clock: () => number;

  constructor(private readonly deps: MonitorServiceDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  private roadLimits(): boolean {
    return this.deps.roadSpeedLimits?.() ?? false;
  }

  private async checkGeofences(space: string, ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const missing = await this.deps.geofences.unavailable(space, ids, this.clock());
    if (missing.length) throw invalid('geofence_config.geofence_ids', `no geofence ${quoteIds(missing)} in this space`);
  }

  /**
   * After the monitor is written with its added geofences pending: a geofence deleted meanwhile
   * would leave it dangling, so the write is taken back (409). A delete claims its geofences
   * before reading the monitors, so either it saw this monitor (and refused), or this check sees
   * its claim. While pending, no other update can build on this revision and inherit the
   * geofences unchecked; confirmed, the revision is settled.
   */
  private async confirmGeofences(space: string, written: StoredMonitor, previous: StoredMonitor | undefined): Promise<void> {
    if (!written.pending) return;
    const gone = await this.deps.geofences.unavailable(space, written.pending.ids, this.clock());
    if (!gone.length) {
      await this.deps.monitors.settle(space, written.record.id, written.rev);
      return;
    }
    await this.deps.monitors.revert(space, written.record.id, written.rev, previous);
    throw conflict(
      `geofence_config.geofence_ids: geofence ${quoteIds(gone)} was deleted while the monitor was being written; nothing was saved`,
      'geofence_config.geofence_ids',
    );
  }

  /** The revision to write: its added geofences pending confirmation for as long as a request may run. */
  private written(record: MonitorRecord, added: readonly string[]): StoredMonitor {
    const m: StoredMonitor = { record, rev: randomUUID() };
    if (added.length) m.pending = { ids: [...added], until: this.clock() + PENDING_MS };
    return m;
  }

  async create(space: string, input: CreateMonitorInput): Promise<string> {
    const draft = applyFields(
      { type: input.type, name: '', description: '', tags: [], match_filter: {}, geofence_ids: [] },
      input,
      input.type,
      () => this.roadLimits(),
    );
    await this.checkGeofences(space, draft.geofence_ids);
    if (draft.type === 'roaming') await this.checkRoamingLimit(space, undefined);
    const seconds = Math.floor(this.clock() / 1000);
    const record: MonitorRecord = { id: input.custom_id ?? randomUUID(), ...draft, created_at: seconds, updated_at: seconds };
    const written = this.written(record, record.geofence_ids);
    try {
      await this.deps.monitors.create(space, written);
    } catch (error) {
      if (error instanceof DuplicateMonitorError) throw conflict(`custom_id: a monitor with id "${record.id}" already exists`, 'custom_id');
      throw error;
    }
    await this.confirmGeofences(space, written, undefined);
    this.deps.changed?.(space);
    return record.id;
  }

  /**
   * Every upload of an asset taking part reads its neighbourhood once per upload whatever the number of
   * roaming monitors, but compares and stores pairs per monitor: the count per space is bounded. Two
   * concurrent creates may both pass (one over the limit at most per racing request).
   */
  private async checkRoamingLimit(space: string, except: string | undefined): Promise<void> {
    const roaming = (await this.deps.monitors.listAll(space)).filter((m) => m.record.type === 'roaming' && m.record.id !== except);
    if (roaming.length >= MAX_ROAMING_MONITORS)
      throw unprocessable(
        `type: "roaming": this space already has ${roaming.length} roaming monitors, the most a space may have (${MAX_ROAMING_MONITORS}); delete one first`,
        'type',
      );
  }

  async get(space: string, id: string): Promise<MonitorView> {
    const found = await this.deps.monitors.get(space, id);
    if (!found) throw notFound(`id: no monitor "${id}"`);
    return monitorView(found.record);
  }

  async list(space: string, q: { pn?: number; ps?: number; sort?: string; tags?: string[] }): Promise<{ list: MonitorView[]; page: Page }> {
    const pn = q.pn ?? 1;
    const ps = q.ps ?? 20;
    const [field, direction = 'asc'] = (q.sort ?? 'created_at:asc').split(':') as ['created_at' | 'updated_at' | 'name', 'asc' | 'desc'];
    const sign = direction === 'desc' ? -1 : 1;
    const tags = q.tags ?? [];
    const all = (await this.deps.monitors.listAll(space))
      .map((m) => m.record)
      .filter((r) => tags.every((t) => r.tags.includes(t)))
      .sort((a, b) => {
        const x = a[field],
          y = b[field];
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return sign * c || a.id.localeCompare(b.id);
      });
    const { list, page } = paginate(all, pn, ps);
    return { list: list.map(monitorView), page };
  }

  async update(space: string, id: string, change: UpdateMonitorInput): Promise<void> {
    await retry(
      async () => {
        const current = await this.deps.monitors.get(space, id);
        if (!current) throw notFound(`id: no monitor "${id}"`);
        const now = this.clock();
        // Another update's geofences are being confirmed: building on them now could inherit one
        // that is being deleted, unchecked. Wait for that update to settle or take its write back.
        if (current.pending && current.pending.until >= now) throw new WriteConflict();
        const { id: _id, created_at, updated_at: _u, ...base } = current.record;
        const draft = applyFields(base, change, change.type ?? current.record.type, () => this.roadLimits());
        // Geofences a crashed update added and never confirmed are checked again like new ones.
        const unconfirmed = new Set(current.pending?.ids ?? []);
        const added = draft.geofence_ids.filter((g) => !current.record.geofence_ids.includes(g) || unconfirmed.has(g));
        await this.checkGeofences(space, added);
        if (draft.type === 'roaming' && current.record.type !== 'roaming') await this.checkRoamingLimit(space, id);
        const written = this.written({ id, ...draft, created_at, updated_at: Math.floor(now / 1000) }, added);
        if (!(await this.deps.monitors.replace(space, written, current.rev, now))) throw new WriteConflict();
        await this.confirmGeofences(space, written, current);
      },
      {
        retryable: isWriteConflict,
        attempts: UPDATE_ATTEMPTS,
        exhausted: () => conflict(`id: monitor "${id}" is being changed concurrently; read it again and retry`),
      },
    );
    this.deps.changed?.(space);
  }

  async delete(space: string, id: string): Promise<void> {
    if (!(await this.deps.monitors.delete(space, id))) throw notFound(`id: no monitor "${id}"`);
    this.deps.changed?.(space);
  }

  /** GET /asset/{id}/event/list: oldest first within [start_time, end_time]. */
  async events(
    space: string,
    assetId: string,
    q: { monitor_id?: string; start_time?: number; end_time?: number; pn?: number; ps?: number },
  ): Promise<{ list: EventRecord[]; page: Page }> {
    const from = q.start_time ?? 0;
    const to = q.end_time ?? 9_999_999_999_999;
    if (from > to) throw invalid('query.start_time', 'must not be after end_time');
    const key = await this.deps.assetKey(space, assetId);
    if (key === undefined) throw notFound(`asset "${assetId}" not found`);
    // Events a large commit staged are in the history once relayed: finish a relay cut short first.
    if (this.deps.relay && (await this.deps.evaluation.read(space, key))?.outboxWaiting) await this.deps.relay(space, key);
    return this.deps.evaluation.pageEvents(space, key, { from, to, monitorId: q.monitor_id, pn: q.pn ?? 1, ps: q.ps ?? 20 });
  }

  /** The stored configuration (URLs and the key whose secret signs deliveries). */
  async webhookConfig(space: string): Promise<WebhookConfig | undefined> {
    return this.deps.config.getWebhooks(space);
  }

  /** GET /config: the seed's `data.webhook`, and `data.config.webhook` where the official client reads it. */
  async getWebhooks(space: string): Promise<{ webhook: string[]; config: { webhook: string[] } }> {
    const webhook = (await this.deps.config.getWebhooks(space))?.urls ?? [];
    return { webhook, config: { webhook } };
  }

  async putWebhooks(space: string, keyHash: string, urls: readonly string[], selfHosts: string[]): Promise<void> {
    const unique = [...new Set(urls.map((u) => u.trim()))];
    const problems = await Promise.all(unique.map((url) => webhookTargetProblem(url, selfHosts)));
    const bad = problems.findIndex((p) => p !== null);
    if (bad >= 0) throw invalid(`webhook[${bad}]`, problems[bad]!);
    await this.deps.config.putWebhooks(space, { urls: unique, keyHash, updated_at: Math.floor(this.clock() / 1000) });
    this.deps.changed?.(space);
  }
}
