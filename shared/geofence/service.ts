import { randomUUID } from 'node:crypto';
import { conflict, invalid, notFound, quoteIds } from '../platform/errors';
import { MAX_CONTAIN_PAIRS, parseLatLonList } from '../geo';
import type { CreateGeofenceInput, UpdateGeofenceInput } from './schemas';
import { pageFrom, type Page } from '../platform/paging';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import { applyUpdate, atIndex, buildRecord } from './build';
import { containResults, containResultsAmong, type ContainItem } from './contain';
import { COVER_LEVELS } from './cover';
import type { IsochroneProvider } from './isochrone';
import type { GeofenceRecord, StoredGeofence } from './model';
import { DuplicateIdError, type GeofenceStore } from './store';

const UPDATE_ATTEMPTS = 3;
/** How long a delete's claim holds: far longer than the few reads a delete makes in between. */
const DELETE_CLAIM_MS = 30_000;

/** The ids of the monitors watching each of `ids` that any watches (geofences nobody watches are left out). */
export type GeofenceWatchers = (space: string, ids: readonly string[]) => Promise<Map<string, string[]>>;

export class GeofenceService {
  constructor(
    private readonly store: GeofenceStore,
    private readonly isochrone: IsochroneProvider,
    private readonly clock: () => number = Date.now,
    private readonly watchers: GeofenceWatchers = async () => new Map(),
  ) {}

  /** `sequence` orders the items of one batch, which share a creation time. */
  private async stored(input: CreateGeofenceInput, nowMs: number, sequence = 0): Promise<StoredGeofence> {
    const id = input.custom_id ?? randomUUID();
    const seconds = Math.floor(nowMs / 1000);
    const record = await buildRecord(id, input, { created_at: seconds, updated_at: seconds }, this.isochrone);
    const createdKey = `${String(nowMs).padStart(15, '0')}.${String(sequence).padStart(3, '0')}#${id}`;
    return { record, createdKey, rev: randomUUID() };
  }

  async create(space: string, input: CreateGeofenceInput): Promise<string> {
    const geofence = await this.stored(input, this.clock());
    try {
      await this.store.create(space, [geofence]);
    } catch (error) {
      if (error instanceof DuplicateIdError)
        throw conflict(`custom_id: a geofence with id "${geofence.record.id}" already exists`, 'custom_id');
      throw error;
    }
    return geofence.record.id;
  }

  /** All or nothing: every item is checked before anything is written. */
  async batchCreate(space: string, inputs: readonly CreateGeofenceInput[]): Promise<string[]> {
    const seen = new Map<string, number>();
    inputs.forEach((input, i) => {
      if (!input.custom_id) return;
      const first = seen.get(input.custom_id);
      if (first !== undefined) throw invalid(`geofences[${i}].custom_id`, `repeats geofences[${first}].custom_id "${input.custom_id}"`);
      seen.set(input.custom_id, i);
    });
    const now = this.clock();
    const geofences: StoredGeofence[] = [];
    for (let i = 0; i < inputs.length; i++) {
      try {
        geofences.push(await this.stored(inputs[i], now, i));
      } catch (error) {
        throw atIndex(error, i);
      }
    }
    try {
      await this.store.create(space, geofences);
    } catch (error) {
      if (error instanceof DuplicateIdError) {
        const index = geofences.findIndex((g) => g.record.id === error.ids[0]);
        throw conflict(
          `geofences[${index}].custom_id: a geofence with id "${error.ids[0]}" already exists; nothing was created`,
          `geofences[${index}].custom_id`,
        );
      }
      throw error;
    }
    return geofences.map((g) => g.record.id);
  }

  /** The record a create would store (geometry built and checked the same way); nothing is written. */
  async preview(input: CreateGeofenceInput): Promise<GeofenceRecord> {
    const seconds = Math.floor(this.clock() / 1000);
    return buildRecord(input.custom_id ?? '', input, { created_at: seconds, updated_at: seconds }, this.isochrone);
  }

  /**
   * The space's geofences whose id or name contains `query` (case-insensitive), best first: an
   * exact id or name, then a prefix, then anywhere; oldest first within each; at most `limit`.
   */
  async search(space: string, query: string, limit: number): Promise<Array<{ id: string; name: string }>> {
    const q = query.trim().toLowerCase();
    const rank = (text: string) => (text === q ? 0 : text.startsWith(q) ? 1 : text.includes(q) ? 2 : 3);
    return (await this.store.listAll(space))
      .map(({ record }) => ({
        id: record.id,
        name: record.name ?? '',
        rank: Math.min(rank(record.id.toLowerCase()), rank((record.name ?? '').toLowerCase())),
      }))
      .filter((g) => g.rank < 3)
      .sort((a, b) => a.rank - b.rank)
      .slice(0, limit)
      .map(({ id, name }) => ({ id, name }));
  }

  async get(space: string, id: string): Promise<GeofenceRecord> {
    const found = await this.store.get(space, id);
    if (!found) throw notFound(`id: no geofence "${id}"`);
    return found.record;
  }

  /** The geofences found, in the order asked. */
  async getMany(space: string, ids: readonly string[]): Promise<GeofenceRecord[]> {
    const byId = new Map((await this.store.getMany(space, ids)).map((g) => [g.record.id, g.record]));
    return [...new Set(ids)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** Geofences carrying every one of `tags`, oldest first, one page (read as far as pageFrom needs). */
  async list(space: string, tags: readonly string[], pn: number, ps: number): Promise<{ list: GeofenceRecord[]; page: Page }> {
    const pages = this.store.pages(space);
    async function* matching() {
      for await (const page of pages) yield page.map((g) => g.record).filter((r) => tags.every((t) => r.tags.includes(t)));
    }
    return pageFrom(matching(), pn, ps);
  }

  async update(space: string, id: string, change: UpdateGeofenceInput): Promise<void> {
    await retry(
      async () => {
        const current = await this.store.get(space, id);
        if (!current) throw notFound(`id: no geofence "${id}"`);
        const next = await applyUpdate(current.record, change, Math.floor(this.clock() / 1000), this.isochrone);
        if (!(await this.store.replace(space, next, current))) throw new WriteConflict();
      },
      {
        retryable: isWriteConflict,
        attempts: UPDATE_ATTEMPTS,
        exhausted: () => conflict(`id: geofence "${id}" is being changed concurrently; read it again and retry`),
      },
    );
  }

  /**
   * All or nothing, and refused (409) while a monitor watches one of the geofences. The claim is
   * written before the monitors are read, and a monitor write checks for claims after it is
   * written, so of a delete and a concurrent monitor create at least one sees the other.
   */
  async delete(space: string, ids: readonly string[]): Promise<void> {
    const claim = { token: randomUUID(), untilMs: this.clock() + DELETE_CLAIM_MS };
    const { missing, busy } = await this.store.claimForDelete(space, ids, claim, this.clock());
    if (missing.length) throw notFound(`id: no geofence ${quoteIds(missing, 100)}; nothing was deleted`);
    if (busy.length) throw conflict(`id: geofence ${quoteIds(busy)} is being deleted by another request; nothing was deleted`);
    try {
      const watched = await this.watchers(space, ids);
      if (watched.size) {
        const uses = [...watched].map(([id, monitors]) => `geofence "${id}" by monitor ${quoteIds(monitors)}`);
        throw conflict(`id: in use: ${uses.join('; ')}; remove it from those monitors (or delete them) first; nothing was deleted`);
      }
      if (!(await this.store.deleteClaimed(space, ids, claim, this.clock()))) {
        throw conflict(`id: geofence ${quoteIds(ids)} changed while being deleted; nothing was deleted, try again`);
      }
    } catch (error) {
      await this.store.releaseClaim(space, ids, claim);
      throw error;
    }
  }

  async contains(space: string, query: { locations: string; geofences?: string[]; verbose?: boolean }): Promise<ContainItem[]> {
    const points = parseLatLonList(query.locations, 'locations');
    const verbose = query.verbose ?? false;
    const tooMany = (fences: number, atLeast = '') =>
      invalid(
        'geofences',
        `${atLeast}${fences} geofences x ${points.length} locations is ${atLeast}${fences * points.length} pairs; at most ${MAX_CONTAIN_PAIRS} per request`,
      );
    if (query.geofences?.length) {
      const ids = [...new Set(query.geofences)];
      if (ids.length * points.length > MAX_CONTAIN_PAIRS) throw tooMany(ids.length);
      const byId = new Map((await this.store.getMany(space, ids)).map((g) => [g.record.id, g]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length) throw notFound(`geofences: no geofence ${missing.map((m) => `"${m}"`).join(', ')}`);
      return containResults(
        space,
        ids.map((id) => byId.get(id)!),
        points,
        verbose,
      );
    }
    // Every geofence of the space, but only the ids are read to count and order them;
    // geometry is read only for the fences the spatial index places near a point
    // (all of them when that is fewer reads, or when verbose asks for every record).
    const limit = Math.floor(MAX_CONTAIN_PAIRS / points.length);
    const ids = await this.store.listIds(space, limit + 1);
    if (ids.length > limit) throw tooMany(ids.length, 'at least ');
    if (verbose || points.length * COVER_LEVELS.length >= ids.length) {
      const byId = new Map((await this.store.getMany(space, ids)).map((g) => [g.record.id, g]));
      return containResults(
        space,
        ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
        points,
        verbose,
      );
    }
    const near = await this.store.idsNear(space, points);
    const fences = await this.store.getMany(
      space,
      ids.filter((id) => near.has(id)),
    );
    return containResultsAmong(space, ids, fences, points);
  }
}
