import { createHash, randomUUID } from 'node:crypto';
import { ApiError, conflict, invalid, notFound } from '../platform/errors';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import {
  getDefaultIndex,
  parseBatch,
  parseSearchBody,
  search,
  type DataSource,
  type DefaultIndex,
  type PlaceItem,
  type SearchResponse,
} from '../geocoding';
import { batchItems, parseBatchQuery, runFilteredQuery, type BatchItem } from './batch';
import type { CreatePlaceInput, UpdatePlaceInput } from './schemas';
import { PlaceOverlayCache } from './cache';
import type { PlaceStore, StoredPlace } from './store';

// Multi-geocoding service: custom places per (organisation, namespace) on a
// PlaceStore, searched together with the default dataset by the pure library
// in shared/geocoding. See shared/places/README.md for the rules.

/** A repeated identical create within this window returns the first docId. */
export const IDEMPOTENCY_SECONDS = 600;

/** GET / PUT response record: a custom place as the API returns it. */
export interface PlaceRecord {
  docId: string;
  place: PlaceItem[];
  dataSource: DataSource;
  score: number;
}

export interface PlaceServiceOptions {
  clock?: () => number;
  /** Staleness bound of the cached custom places (default PLACES_MAX_STALE_MS). */
  maxStaleMs?: number;
  /** The default-dataset index (default: the library's process-wide one). */
  defaultIndex?: () => DefaultIndex;
}

function record(p: StoredPlace): PlaceRecord {
  return { docId: p.docId, place: p.place, dataSource: p.dataSource, score: p.score ?? 0 };
}

function busy(): ApiError {
  // Nothing was written; the official client retries 503 after Retry-After.
  return new ApiError(503, 'place: the data space is being changed by many writers at once; nothing was written, retry', {
    headers: { 'retry-after': '1' },
  });
}

/** Optimistic writes whose space keeps changing under them are retried, then refused with 503. */
const WRITE_RETRY = { retryable: isWriteConflict, exhausted: busy };

function nearDuplicate(dup: { docId: string }): ApiError {
  return conflict(
    `place: near-duplicate of custom place "${dup.docId}" (same dataset, within 100 m, same name and attributes); send "force": true to store it anyway`,
    'place',
  );
}

export class PlaceService {
  readonly cache: PlaceOverlayCache;
  private readonly clock: () => number;
  private readonly defaultIndex: () => DefaultIndex;

  constructor(
    private readonly store: PlaceStore,
    options: PlaceServiceOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.defaultIndex = options.defaultIndex ?? getDefaultIndex;
    this.cache = new PlaceOverlayCache(store, { clock: this.clock, maxStaleMs: options.maxStaleMs });
  }

  /**
   * Adds a custom place; returns its docId. 409 for a near-duplicate unless
   * `force`. The official client retries a POST without an idempotency key, so
   * an identical body repeated within IDEMPOTENCY_SECONDS returns the docId the
   * first one created (while that place exists) instead of a second copy.
   */
  async create(space: string, input: CreatePlaceInput): Promise<string> {
    const force = input.force ?? false;
    const dataSource: DataSource = { ...input.dataSource };
    const idem = createHash('sha256')
      .update(JSON.stringify({ place: input.place, dataSource, score: input.score ?? null, force }))
      .digest('hex');
    return retry(async () => {
      const nowSeconds = Math.floor(this.clock() / 1000);
      const earlier = await this.store.findIdempotent(space, idem, nowSeconds);
      if (earlier) return earlier;
      let expectVersion: number | undefined;
      if (!force) {
        const overlay = await this.cache.overlay(space, { fresh: true });
        const dup = overlay.index.findNearDuplicate({ place: input.place, dataSource });
        if (dup) {
          // The duplicate may be this very create, committed by a concurrent retry of it.
          const made = await this.store.findIdempotent(space, idem, nowSeconds);
          if (made) return made;
          throw nearDuplicate(dup);
        }
        expectVersion = overlay.version;
      }
      const place: StoredPlace = {
        docId: randomUUID(),
        place: input.place,
        dataSource,
        ...(input.score != null ? { score: input.score } : {}),
        rev: randomUUID(),
        created_at: nowSeconds,
        updated_at: nowSeconds,
        idem,
      };
      const out = await this.store.create(space, place, { expectVersion, idemExpiresAt: nowSeconds + IDEMPOTENCY_SECONDS, nowSeconds });
      if (out.ok) {
        this.cache.invalidate(space);
        return place.docId;
      }
      if (out.reason === 'idempotent') return out.docId;
      throw new WriteConflict();
    }, WRITE_RETRY);
  }

  async get(space: string, docId: string): Promise<PlaceRecord> {
    const found = await this.store.get(space, docId);
    if (!found) throw notFound(`docId: no custom place "${docId}"`);
    return record(found);
  }

  /**
   * Changes a custom place (see updatePlaceBody for the merge rule). The
   * near-duplicate rule applies when `place` or `dataSource.source` changes,
   * unless `force`.
   */
  async update(space: string, docId: string, change: UpdatePlaceInput): Promise<PlaceRecord> {
    return retry(async () => {
      const current = await this.store.get(space, docId);
      if (!current) throw notFound(`docId: no custom place "${docId}"`);
      const ds = change.dataSource;
      const dataSource: DataSource = {
        source: ds?.source ?? current.dataSource.source,
        status: ds?.status ?? current.dataSource.status,
      };
      const refId = ds?.refId === null ? undefined : (ds?.refId ?? current.dataSource.refId);
      if (refId !== undefined) dataSource.refId = refId;
      const score = change.score === null ? undefined : (change.score ?? current.score);
      const next: StoredPlace = {
        docId,
        place: change.place ? withStoredGeopoints(change.place, current.place) : current.place,
        dataSource,
        ...(score !== undefined ? { score } : {}),
        rev: randomUUID(),
        created_at: current.created_at,
        updated_at: Math.floor(this.clock() / 1000),
        ...(current.idem ? { idem: current.idem } : {}),
      };
      let expectVersion: number | undefined;
      const moved = change.place !== undefined || (ds?.source !== undefined && ds.source !== current.dataSource.source);
      if (moved && !change.force) {
        const overlay = await this.cache.overlay(space, { fresh: true });
        const dup = overlay.index.findNearDuplicate({ place: next.place, dataSource }, { excludeDocId: docId });
        if (dup) throw nearDuplicate(dup);
        expectVersion = overlay.version;
      }
      const out = await this.store.replace(space, next, current.rev, { expectVersion });
      if (out === 'ok') {
        this.cache.invalidate(space);
        return record(next);
      }
      if (out === 'gone') throw notFound(`docId: no custom place "${docId}"`);
      throw new WriteConflict();
    }, WRITE_RETRY);
  }

  /** Removes only this place; default results it overrode come back. */
  async delete(space: string, docId: string): Promise<void> {
    await retry(async () => {
      const current = await this.store.get(space, docId);
      if (!current) throw notFound(`docId: no custom place "${docId}"`);
      const out = await this.store.delete(space, current);
      if (out === 'gone') throw notFound(`docId: no custom place "${docId}"`);
      if (out !== 'ok') throw new WriteConflict();
    }, WRITE_RETRY);
    this.cache.invalidate(space);
  }

  /** POST /multigeocode/search: the default dataset merged with the caller's custom places. */
  async search(space: string, body: unknown): Promise<SearchResponse> {
    const index = this.defaultIndex();
    const request = parseSearchBody(body, { isKnownCountry: (c) => index.countryByAlpha3.has(c) });
    const { index: custom } = await this.cache.overlay(space);
    return search(request, { index, custom });
  }

  /**
   * POST /geocode/batch: `{"queries": [search body, ...]}` (or the bare array
   * the official client sends), at most 100, every one validated before any
   * runs (batch.ts: `q`, `in`, `lang`); answered in order as
   * `{"results": [{"entities": [...]}, ...], "items": [...]}`.
   */
  async batch(space: string, body: unknown): Promise<{ results: SearchResponse[]; items: BatchItem[] }> {
    const raw = Array.isArray(body) ? body : body && typeof body === 'object' ? (body as { queries?: unknown }).queries : undefined;
    if (raw === undefined) throw invalid('queries', 'is required: an array of at most 100 search bodies');
    const index = this.defaultIndex();
    const queries = parseBatch(raw).map((b, i) => parseBatchQuery(b, i, index));
    const { index: custom } = await this.cache.overlay(space);
    const results = queries.map((q) => runFilteredQuery(q, { index, custom }));
    return { results, items: batchItems(queries, results, index) };
  }
}

/** Items of an update that left out `geopoint` keep the one of the stored item at their index. */
function withStoredGeopoints(items: NonNullable<UpdatePlaceInput['place']>, stored: readonly PlaceItem[]): PlaceItem[] {
  return items.map(({ geopoint, ...rest }, i) => {
    const point = geopoint ?? stored[i]?.geopoint;
    if (!point) throw invalid(`place[${i}].geopoint`, 'is required: the stored place has no item at this index to keep it from');
    return { ...rest, geopoint: point };
  });
}

/** Builds the default index now (at module load of the search handlers), so the first search does not pay for it. */
export function warmDefaultIndex(load: () => unknown = getDefaultIndex): void {
  try {
    load();
  } catch {
    // The first search reports it (500 with a logged stack); the module must still load.
  }
}
