import { DynamoTrackingMigration } from './dynamo-migration';
import { indexEntryFor } from './service';

/**
 * Upgrades assets stored before each asset had its own partition (a `.data/` or a stage from an
 * older version): each moves to its own key, the list indexes pick it up, and its position entry
 * moves to the current partition resolution. Safe to run again and while the API serves (an
 * asset moves in one conditional transaction); returns how many moved.
 */
export async function moveLegacyAssets(store = new DynamoTrackingMigration(), now = Date.now()): Promise<number> {
  let moved = 0;
  for await (const page of store.legacyAssets()) {
    for (const { space, asset } of page) if (await store.moveLegacyAsset(space, asset, indexEntryFor(asset, now))) moved++;
  }
  return moved;
}

/** Bound assets stored before the device index get its key (dynamo-migration.ts indexDevices). */
export function indexLegacyDevices(store = new DynamoTrackingMigration()): Promise<number> {
  return store.indexDevices();
}
