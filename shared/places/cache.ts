import { CustomPlaceIndex, type CustomPlace } from '../geocoding';
import type { PlaceStore, StoredPlace } from './store';

// Each function instance keeps, per data space, the caller's custom places as
// the library's in-memory overlay (CustomPlaceIndex), and re-reads them only
// when the space's change counter moved (every write bumps it in the same
// transaction as the place). Staleness bound: a search answers from the cached
// overlay for at most `maxStaleMs` after it last confirmed the counter; after
// that it reads the counter (one strongly consistent GetItem) and, only when it
// moved, re-reads the places and applies the difference. The default bound is
// 0: every search confirms the counter, so a place created, changed or deleted
// through any instance is seen by the very next search (creates and searches
// run in different functions, so a cache that trusted itself for seconds would
// miss a place created just before). Operators may trade that read for
// staleness with WAYMARK_PLACES_MAX_STALE_MS (e.g. 2000: at most 2 s late).
// The writing instance drops its own entry's freshness at once.

export const PLACES_MAX_STALE_MS = 0;
/** Spaces kept per instance (least recently used ones are dropped). */
export const PLACES_MAX_SPACES = 500;

export interface Overlay {
  index: CustomPlaceIndex;
  /** The space's change counter the overlay reflects. */
  version: number;
}

interface Entry extends Overlay {
  revs: Map<string, string>;
  /** When the counter was last confirmed (clock ms); -Infinity = must check. */
  checkedAt: number;
  /** Bumped by invalidate(): a refresh that started before it does not count as a check. */
  generation: number;
  refreshing?: Promise<Overlay>;
}

export function toCustomPlace(p: StoredPlace): CustomPlace {
  return { docId: p.docId, place: p.place, dataSource: p.dataSource, ...(p.score !== undefined ? { score: p.score } : {}) };
}

export class PlaceOverlayCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly store: PlaceStore,
    private readonly options: { maxStaleMs?: number; maxSpaces?: number; clock?: () => number } = {},
  ) {}

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }

  /**
   * The space's overlay. `fresh`: confirm it against the store now (used before
   * writes that check for near-duplicates); otherwise within the staleness bound.
   */
  async overlay(space: string, options: { fresh?: boolean } = {}): Promise<Overlay> {
    let entry = this.entries.get(space);
    if (entry) {
      // least recently used order: re-insert at the end
      this.entries.delete(space);
      this.entries.set(space, entry);
    } else {
      entry = { index: new CustomPlaceIndex(), version: 0, revs: new Map(), checkedAt: -Infinity, generation: 0 };
      this.entries.set(space, entry);
      this.evict();
    }
    const maxStale = this.options.maxStaleMs ?? PLACES_MAX_STALE_MS;
    if (!options.fresh && this.now() - entry.checkedAt < maxStale) return entry;
    // Must confirm now: a refresh already under way may have read the counter before a write
    // that finished before this call, so it is not joined.
    if (options.fresh || maxStale === 0) return this.refresh(space, entry);
    const e = entry;
    if (!e.refreshing) {
      const refreshing: Promise<Overlay> = this.refresh(space, e).finally(() => {
        if (e.refreshing === refreshing) e.refreshing = undefined;
      });
      e.refreshing = refreshing;
    }
    return e.refreshing;
  }

  /** This instance wrote to the space: its next search re-checks the store. */
  invalidate(space: string): void {
    const entry = this.entries.get(space);
    if (!entry) return;
    entry.checkedAt = -Infinity;
    entry.generation++;
    // a refresh already under way may have read the store before the write
    entry.refreshing = undefined;
  }

  private async refresh(space: string, entry: Entry): Promise<Overlay> {
    const started = this.now();
    const generation = entry.generation;
    // Counter first, places second: the places are then at least as new as the counter.
    const version = await this.store.version(space);
    if (version !== entry.version) {
      const places = version === 0 ? [] : await this.store.list(space);
      // The counter only grows: an older concurrent refresh must not undo a newer one.
      if (version < entry.version) return { index: entry.index, version: entry.version };
      const seen = new Set<string>();
      for (const p of places) {
        seen.add(p.docId);
        if (entry.revs.get(p.docId) === p.rev) continue;
        entry.index.upsert(toCustomPlace(p));
        entry.revs.set(p.docId, p.rev);
      }
      for (const docId of [...entry.revs.keys()]) {
        if (seen.has(docId)) continue;
        entry.index.remove(docId);
        entry.revs.delete(docId);
      }
      entry.version = version;
    }
    if (generation === entry.generation) entry.checkedAt = started;
    return { index: entry.index, version: entry.version };
  }

  private evict(): void {
    const max = this.options.maxSpaces ?? PLACES_MAX_SPACES;
    while (this.entries.size > max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
