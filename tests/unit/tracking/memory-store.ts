import type { H3Range } from '../../../shared/geo';
import type { LocationRecord, PositionEntry, StoredAsset } from '../../../shared/tracking/model';
import type { AssetWrite, TrackingStore, WriteOutcome } from '../../../shared/tracking/store';

/** In-memory TrackingStore with the adapter's semantics (for domain unit tests). */
export class MemoryTrackingStore implements TrackingStore {
  assets = new Map<string, StoredAsset>();
  history = new Map<string, Map<number, LocationRecord>>();
  index = new Map<string, { coarse: string; fine: string; lat: number; lon: number; ts: number; asset: StoredAsset }>();

  private k(space: string, id: string) {
    return `${space}\u0000${id}`;
  }

  async getAsset(space: string, id: string) {
    const a = this.assets.get(this.k(space, id));
    return a ? structuredClone(a) : null;
  }
  async listAssets(space: string) {
    return [...this.assets.entries()].filter(([k]) => k.startsWith(`${space}\u0000`)).map(([, a]) => structuredClone(a));
  }
  async writeAsset(space: string, w: AssetWrite): Promise<WriteOutcome> {
    const key = this.k(space, w.asset.id);
    const cur = this.assets.get(key);
    if (w.expectedVersion === null) {
      if (cur) return 'exists';
    } else {
      if (!cur || cur.version !== w.expectedVersion) return 'conflict';
      if (w.latestBefore !== undefined && cur.latest_location && !(cur.latest_location.timestamp < w.latestBefore)) return 'conflict';
    }
    this.assets.set(key, structuredClone(w.asset));
    if (w.removeIndex) this.index.delete(`${space}#${w.removeIndex.coarse}#${w.removeIndex.fine}#${w.asset.id}`);
    if (w.index) {
      this.index.set(`${space}#${w.index.coarse}#${w.index.fine}#${w.asset.id}`, { ...w.index, asset: structuredClone(w.asset) });
    }
    return 'ok';
  }
  async deleteAsset(space: string, asset: StoredAsset): Promise<WriteOutcome> {
    const key = this.k(space, asset.id);
    if (this.assets.get(key)?.version !== asset.version) return 'conflict';
    this.assets.delete(key);
    if (asset.index_key) this.index.delete(`${space}#${asset.index_key.coarse}#${asset.index_key.fine}#${asset.id}`);
    return 'ok';
  }
  async addHistory(space: string, id: string, points: LocationRecord[]) {
    const h = this.history.get(this.k(space, id)) ?? new Map<number, LocationRecord>();
    this.history.set(this.k(space, id), h);
    const fresh: LocationRecord[] = [];
    for (const p of points) {
      if (h.has(p.timestamp)) continue;
      h.set(p.timestamp, structuredClone(p));
      fresh.push(p);
    }
    return fresh.sort((a, b) => a.timestamp - b.timestamp);
  }
  async deleteHistory(space: string, id: string, timestamps: number[]) {
    for (const t of timestamps) this.history.get(this.k(space, id))?.delete(t);
  }
  async purgeHistory(space: string, id: string) {
    this.history.delete(this.k(space, id));
  }
  async readHistory(space: string, id: string, from: number, to: number) {
    return [...(this.history.get(this.k(space, id))?.values() ?? [])]
      .filter((p) => p.timestamp >= from && p.timestamp <= to)
      .sort((a, b) => a.timestamp - b.timestamp);
  }
  async readIndex(space: string, ranges: readonly H3Range[]): Promise<PositionEntry[]> {
    const out: PositionEntry[] = [];
    for (const [key, e] of this.index) {
      if (!key.startsWith(`${space}#`)) continue;
      if (ranges.some((r) => r.coarse === e.coarse && e.fine >= r.loCell && e.fine <= r.hiCell)) {
        out.push({ assetId: e.asset.id, lat: e.lat, lon: e.lon, ts: e.ts, asset: e.asset });
      }
    }
    return out;
  }
}
