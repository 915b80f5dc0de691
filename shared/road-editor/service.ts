import { conflict, notFound, tooManyRequests } from '../platform/errors';
import type { NetworkRegistry } from '../roads/registry';
import type { RoadEdits } from '../roads/types';
import { inForce, LIMITS, toRoadEdits, type Restriction, type RestrictionInput, type RestrictionType } from './model';
import { networkOf, resolvePlacement } from './resolve';
import type { BboxQuery, ItemsQuery, ListQuery, RestrictionBody } from './schemas';
import type { RestrictionStore } from './store';
import { itemsOf, matches, overlaps, wireOf } from './wire';

// The road editor: restrictions per space (create, read, update, state, delete, lists), and the
// edits in force that every road answer of the space takes (editsFor). Routers cache a space's
// restrictions and compare the store's change counter at most every `maxStaleMs`, so a change
// takes effect within that time plus one request, with no re-import and one read per interval.

export interface RoadEditorOptions {
  /** How long a router may use a space's restrictions before it checks the change counter again. */
  maxStaleMs: number;
  /** Milliseconds since the epoch (injectable for tests). */
  now?: () => number;
}

interface Cached {
  version: number;
  checkedAt: number;
  restrictions: Restriction[];
}

/** A write retried this many times against concurrent writers before the caller is told to retry. */
const WRITE_ATTEMPTS = 5;

export class RoadEditor {
  private cache = new Map<string, Cached>();

  constructor(
    private readonly store: RestrictionStore,
    private readonly networks: () => NetworkRegistry,
    private readonly options: RoadEditorOptions,
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private offsetOf(area: string): number {
    return this.networks().get(area)?.graph.data.meta.utcOffsetMinutes ?? 0;
  }

  private wire(r: Restriction) {
    return wireOf(r, this.now() / 1000, this.offsetOf(r.area));
  }

  async create(space: string, type: RestrictionType, body: RestrictionBody, latlon: boolean) {
    const input = body as RestrictionInput;
    const where = resolvePlacement(networkOf(this.networks(), input.area), type, input, latlon);
    const stamp = new Date(this.now()).toISOString();
    const out = await this.store.create(
      space,
      {
        ...input,
        direction: input.direction ?? 'both',
        mode: input.mode ?? [],
        restriction_type: type,
        state: 'enabled',
        where,
        create_at: stamp,
        update_at: stamp,
      },
      LIMITS.restrictionsPerSpace,
    );
    if (!out.ok) throw conflict(`a space holds at most ${LIMITS.restrictionsPerSpace} restrictions that are not deleted; delete one first`);
    return this.wire(out.restriction);
  }

  private async existing(space: string, id: number, writable: boolean): Promise<Restriction> {
    const r = await this.store.get(space, id);
    if (!r) throw notFound(`no restriction ${id} among this key's restrictions`);
    if (writable && r.state === 'deleted') throw notFound(`restriction ${id} was deleted`);
    return r;
  }

  async get(space: string, id: number) {
    return this.wire(await this.existing(space, id, false));
  }

  /** Applies `change` to the current revision, again on a lost race. */
  private async write(space: string, id: number, change: (r: Restriction) => Restriction, writable = true): Promise<Restriction> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const current = await this.existing(space, id, writable);
      const next = { ...change(current), id, rev: current.rev + 1, update_at: new Date(this.now()).toISOString() };
      const outcome = await this.store.replace(space, next);
      if (outcome === 'ok') return next;
      if (outcome === 'gone') break;
    }
    throw tooManyRequests(`restriction ${id} is being changed by others; try again`, 1);
  }

  async update(space: string, id: number, body: RestrictionBody, latlon: boolean) {
    const input = body as RestrictionInput;
    const net = networkOf(this.networks(), input.area);
    // the body replaces everything the caller sets; identity, type, state and creation stay
    const next = await this.write(space, id, (r) => ({
      id: r.id,
      rev: r.rev,
      restriction_type: r.restriction_type,
      state: r.state,
      create_at: r.create_at,
      update_at: r.update_at,
      ...input,
      direction: input.direction ?? 'both',
      mode: input.mode ?? [],
      where: resolvePlacement(net, r.restriction_type, input, latlon),
    }));
    return this.wire(next);
  }

  async setState(space: string, id: number, state: 'enabled' | 'disabled') {
    return this.wire(await this.write(space, id, (r) => ({ ...r, state })));
  }

  async delete(space: string, id: number) {
    const current = await this.existing(space, id, false);
    if (current.state !== 'deleted') await this.write(space, id, (r) => ({ ...r, state: 'deleted' }), false);
    return { id, state: 'deleted' as const };
  }

  async list(space: string, q: ListQuery) {
    const now = this.now() / 1000;
    const all = (await this.store.list(space)).filter((r) => r.area === q.area && (!q.name || r.name === q.name));
    const chosen = all.filter((r) => matches(r, { ...q, mode: q.mode ? [q.mode] : undefined }, now, this.offsetOf(r.area)));
    return {
      data: chosen.slice(q.offset, q.offset + q.limit).map((r) => this.wire(r)),
      meta: { limit: q.limit, offset: q.offset, total: chosen.length },
    };
  }

  async listByBbox(space: string, q: BboxQuery) {
    const now = this.now() / 1000;
    const all = await this.store.list(space);
    return all.filter((r) => overlaps(r, q) && matches(r, q, now, this.offsetOf(r.area))).map((r) => this.wire(r));
  }

  async items(space: string, q: ItemsQuery) {
    const now = this.now() / 1000;
    const all = await this.store.list(space);
    const chosen = all.filter(
      (r) =>
        (q.group_id === undefined || r.id === q.group_id) &&
        matches(r, { ...q, mode: q.mode ? [q.mode] : undefined }, now, this.offsetOf(r.area)),
    );
    return chosen.flatMap((r) => itemsOf(this.wire(r), r, q));
  }

  /** The space's restrictions in force at `unixSeconds` as the engine's edits; undefined when none. */
  async editsFor(space: string, unixSeconds: number): Promise<RoadEdits | undefined> {
    const { version, restrictions } = await this.current(space);
    const active = restrictions.filter((r) => r.state === 'enabled' && inForce(r, unixSeconds, this.offsetOf(r.area)));
    const items = active.flatMap(toRoadEdits);
    if (items.length === 0) return undefined;
    return { key: `${space}@${version}:${active.map((r) => r.id).join(',')}`, items };
  }

  private async current(space: string): Promise<Cached> {
    const now = this.now();
    const cached = this.cache.get(space);
    if (cached && now - cached.checkedAt < this.options.maxStaleMs) return cached;
    const version = await this.store.version(space);
    if (cached && cached.version === version) {
      cached.checkedAt = now;
      return cached;
    }
    const fresh = { version, checkedAt: now, restrictions: version === 0 ? [] : await this.store.list(space) };
    this.cache.set(space, fresh);
    return fresh;
  }
}
