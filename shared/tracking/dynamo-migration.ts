import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { documentClient } from '../platform/dynamo';
import { assetItem, devicePk, indexKey, movedFrom, positionItem, toAsset, transact, type Item, type TransactItem } from './dynamo-items';
import type { IndexEntry, StoredAsset } from './model';

// Tracking data from before each asset had its own partition (pk = the space): found by a
// scan and moved one asset at a time (migrate.ts). Not part of the store interface: only
// the one-time upgrade needs it.

export class DynamoTrackingMigration {
  private readonly assets = config.table('tracking-assets');
  private readonly positions = config.table('tracking-positions');

  /** Asset items stored before each asset had its own partition (pk = the space), a scan page at a time. */
  async *legacyAssets(): AsyncGenerator<Array<{ space: string; asset: StoredAsset }>> {
    let start: Item | undefined;
    do {
      const page = await documentClient().send(
        new ScanCommand({ TableName: this.assets, FilterExpression: 'attribute_not_exists(lpk)', ExclusiveStartKey: start }),
      );
      yield (page.Items ?? []).map((item) => ({ space: item.pk as string, asset: toAsset(item) }));
      start = page.LastEvaluatedKey;
    } while (start);
  }

  /**
   * Moves a legacy asset item to its own partition and its index entry to `index` (its old entry
   * removed), in one transaction; false when the item changed or moved meanwhile.
   */
  async moveLegacyAsset(space: string, asset: StoredAsset, index: IndexEntry | null): Promise<boolean> {
    const moved: StoredAsset = { ...asset };
    delete moved.index_key;
    if (index) moved.index_key = { coarse: index.coarse, fine: index.fine };
    const items: TransactItem[] = [
      { Put: { TableName: this.assets, Item: assetItem(space, moved), ConditionExpression: 'attribute_not_exists(id)' } },
      {
        Delete: {
          TableName: this.assets,
          Key: { pk: space, id: asset.id },
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': asset.version },
        },
      },
    ];
    if (index) items.push({ Put: { TableName: this.positions, Item: positionItem(space, moved, index) } });
    const old = asset.index_key;
    if (movedFrom(old, index)) {
      items.push({ Delete: { TableName: this.positions, Key: indexKey(space, old, asset.id) } });
    }
    return (await transact(items, 'conflict')) === 'ok';
  }

  /**
   * Gives bound assets stored before the device index its key (dpk), so the phone protocols find
   * them; returns how many. Conditional on the device still bound, so a concurrent rebind wins.
   */
  async indexDevices(): Promise<number> {
    let start: Item | undefined;
    let indexed = 0;
    do {
      const page = await documentClient().send(
        new ScanCommand({
          TableName: this.assets,
          FilterExpression: 'attribute_exists(device_id) AND attribute_not_exists(dpk) AND attribute_exists(lpk)',
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const pk = item.pk as string;
        const space = pk.slice(0, pk.length - String(item.id).length - 1);
        try {
          await documentClient().send(
            new UpdateCommand({
              TableName: this.assets,
              Key: { pk, id: item.id },
              UpdateExpression: 'SET dpk = :dpk',
              ConditionExpression: 'device_id = :dev AND attribute_not_exists(dpk)',
              ExpressionAttributeValues: { ':dpk': devicePk(space, item.device_id as string), ':dev': item.device_id },
            }),
          );
          indexed++;
        } catch (error) {
          if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        }
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return indexed;
  }
}
