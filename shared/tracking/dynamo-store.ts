import type { H3Range } from '../geo';
import type { Page } from '../platform/paging';
import { DynamoAssets } from './dynamo-assets';
import { DynamoHistory } from './dynamo-history';
import type { LocationRecord, PositionEntry, StoredAsset, Tombstone } from './model';
import type { AssetSortField, AssetWrite, TrackingStore, WriteOutcome } from './store';

// DynamoDB adapter of the live tracking service: the asset and history halves behind the
// one store interface the domain takes. Storage design and read cost: shared/tracking/README.md.
// Every partition key starts with the caller's space.

export class DynamoTrackingStore implements TrackingStore {
  private readonly assets = new DynamoAssets();
  private readonly history = new DynamoHistory();

  getAsset(space: string, id: string): Promise<StoredAsset | null> {
    return this.assets.getAsset(space, id);
  }

  getAssets(space: string, ids: readonly string[]): Promise<StoredAsset[]> {
    return this.assets.getAssets(space, ids);
  }

  listAssets(space: string): Promise<StoredAsset[]> {
    return this.assets.listAssets(space);
  }

  assetPages(space: string, descending: boolean): AsyncGenerator<StoredAsset[]> {
    return this.assets.assetPages(space, descending);
  }

  assetIds(space: string, field: AssetSortField, descending: boolean): AsyncGenerator<string[]> {
    return this.assets.assetIds(space, field, descending);
  }

  assetsOfDevice(space: string, deviceId: string): Promise<string[]> {
    return this.assets.assetsOfDevice(space, deviceId);
  }

  writeAsset(space: string, write: AssetWrite): Promise<WriteOutcome> {
    return this.assets.writeAsset(space, write);
  }

  deleteAsset(space: string, asset: StoredAsset, tombstone: Tombstone, purgeDue: number): Promise<WriteOutcome> {
    return this.assets.deleteAsset(space, asset, tombstone, purgeDue);
  }

  findTombstone(space: string, assetId: string, nowMs: number): Promise<Tombstone | undefined> {
    return this.assets.findTombstone(space, assetId, nowMs);
  }

  finishPurge(space: string, key: string, keepUntilMs: number): Promise<void> {
    return this.assets.finishPurge(space, key, keepUntilMs);
  }

  readIndex(space: string, ranges: readonly H3Range[]): Promise<PositionEntry[]> {
    return this.assets.readIndex(space, ranges);
  }

  addHistory(space: string, assetId: string, points: LocationRecord[], latestTs: number): Promise<LocationRecord[]> {
    return this.history.addHistory(space, assetId, points, latestTs);
  }

  deleteHistory(space: string, assetId: string, timestamps: number[]): Promise<void> {
    return this.history.deleteHistory(space, assetId, timestamps);
  }

  purgeHistory(space: string, assetId: string): Promise<void> {
    return this.history.purgeHistory(space, assetId);
  }

  readHistory(space: string, assetId: string, from: number, to: number): Promise<LocationRecord[]> {
    return this.history.readHistory(space, assetId, from, to);
  }

  pageHistory(
    space: string,
    assetId: string,
    q: { from: number; to: number; pn: number; ps: number },
  ): Promise<{ list: LocationRecord[]; page: Page }> {
    return this.history.pageHistory(space, assetId, q);
  }
}
