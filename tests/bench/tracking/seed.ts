import { batchWriteAll } from '../../../shared/platform/dynamo';
import { config } from '../../../shared/platform/config';
import { assetItem, positionItem, type Item } from '../../../shared/tracking/dynamo-items';
import type { IndexEntry, StoredAsset } from '../../../shared/tracking/model';

/**
 * Bulk load of index entries and assets, unconditionally and far faster than the API: the
 * search benchmark needs tens of thousands of active assets. Item shapes are the adapter's own.
 * A search reads the asset behind each entry, so `positionsOnly` entries are found by no search.
 */
export async function seedAssets(
  space: string,
  assets: Array<{ asset: StoredAsset; index: IndexEntry }>,
  options: { positionsOnly?: boolean } = {},
): Promise<void> {
  const assetsTable = config.table('tracking-assets');
  const positions = config.table('tracking-positions');
  const requests: Array<{ table: string; req: Item }> = [];
  for (const { asset, index } of assets) {
    if (!options.positionsOnly)
      requests.push({
        table: assetsTable,
        req: {
          PutRequest: {
            Item: assetItem(space, { ...asset, index_key: { coarse: index.coarse, fine: index.fine, v: asset.version, at: index.ts } }),
          },
        },
      });
    requests.push({ table: positions, req: { PutRequest: { Item: positionItem(space, asset, index) } } });
  }
  const byTable = new Map<string, Item[]>();
  for (const r of requests) {
    const list = byTable.get(r.table) ?? [];
    list.push(r.req);
    byTable.set(r.table, list);
  }
  for (const [table, reqs] of byTable) await batchWriteAll(table, reqs, 8);
}
