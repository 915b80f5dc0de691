import { pageFrom, type Page } from '../platform/paging';
import { conflict, invalid } from '../platform/errors';
import { MAX_ATTRIBUTES } from '../platform/schemas';
import type { CreateAssetBody, UpdateAssetBody } from './schemas';
import { matchesAttributes, type AttributeFilter } from './filters';
import { assetStorageKey, assetView, incarnatedAt, type AssetView, type StoredAsset, type Tombstone } from './model';
import type { AssetSortField } from './store';
import { PURGE_SWEEP_AFTER_MS, requestPurge } from './purge';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import {
  assetNotFound,
  concurrentChange,
  mutateAsset,
  newAssetId,
  newIncarnation,
  requireAsset,
  writeAsset,
  type TrackingContext,
} from './service';

// Asset operations.

const nowSeconds = (ctx: TrackingContext) => Math.floor(ctx.now() / 1000);

export async function createAsset(ctx: TrackingContext, space: string, body: CreateAssetBody): Promise<{ id: string }> {
  const id = body.custom_id ?? newAssetId();
  const now = nowSeconds(ctx);
  const asset: StoredAsset = {
    id,
    name: body.name ?? '',
    description: body.description ?? '',
    attributes: body.attributes ?? {},
    ...(body.meta_data ? { meta_data: body.meta_data } : {}),
    ...(body.tags?.length ? { tags: [...new Set(body.tags)] } : {}),
    created_at: now,
    updated_at: now,
    version: 1,
    // A fresh incarnation: nothing an earlier asset of this id left (its purge may still run) is seen.
    inc: newIncarnation(),
    inc_at: ctx.now(),
  };
  const outcome = await writeAsset(ctx, space, null, asset);
  if (outcome === 'exists') throw conflict(`custom_id: an asset with id "${id}" already exists`, 'custom_id');
  if (outcome !== 'ok') throw conflict(`asset "${id}" could not be created; try again`);
  return { id };
}

export async function getAsset(ctx: TrackingContext, space: string, id: string): Promise<AssetView> {
  return assetView(await requireAsset(ctx, space, id), ctx.now());
}

/** PUT /asset/{id}: the given fields replace the stored ones (attributes as a whole). */
export async function updateAsset(ctx: TrackingContext, space: string, id: string, body: UpdateAssetBody): Promise<void> {
  await mutateAsset(ctx, space, id, (a) => {
    if (body.name !== undefined) a.name = body.name;
    if (body.description !== undefined) a.description = body.description;
    if (body.attributes !== undefined) a.attributes = body.attributes;
    if (body.meta_data !== undefined) a.meta_data = body.meta_data;
    if (body.tags !== undefined) a.tags = [...new Set(body.tags)];
    a.updated_at = nowSeconds(ctx);
    return a;
  });
}

/** PUT /asset/{id}/attributes: merged into the stored attributes (same names are overwritten). */
export async function updateAttributes(ctx: TrackingContext, space: string, id: string, attributes: Record<string, string>): Promise<void> {
  await mutateAsset(ctx, space, id, (a) => {
    // The merge is written conditionally on the version read, so the count checked is the one stored.
    const stored = Object.keys(a.attributes).length;
    a.attributes = { ...a.attributes, ...attributes };
    const count = Object.keys(a.attributes).length;
    if (count > MAX_ATTRIBUTES) {
      throw invalid(
        'attributes',
        `merged with the asset's ${stored} stored attributes gives ${count}; at most ${MAX_ATTRIBUTES} (PUT /asset/{id} replaces them all)`,
      );
    }
    a.updated_at = nowSeconds(ctx);
    return a;
  });
}

/** POST /asset/{id}/bind: overwrites the bound device. */
export async function bindDevice(ctx: TrackingContext, space: string, id: string, deviceId: string): Promise<void> {
  await mutateAsset(ctx, space, id, (a) => {
    if (a.device_id === deviceId) return null;
    a.device_id = deviceId;
    a.updated_at = nowSeconds(ctx);
    return a;
  });
}

/**
 * DELETE /asset/{id}: the asset, its index entry and its tombstone in one transaction, then the
 * purge of its history, monitor state and events is requested (purge.ts). Idempotent: a retry
 * finding the tombstone answers 200 and requests the purge again if it has not finished.
 * A delete only deletes an incarnation that existed when the request arrived (`receivedAt`, ms):
 * a request still running (or retried inside this call) after the id was deleted and created
 * again finds the earlier incarnation's tombstone and leaves the new asset alone.
 */
export async function deleteAsset(ctx: TrackingContext, space: string, id: string, receivedAt = ctx.now()): Promise<void> {
  const tombstone = await retry(
    async () => {
      const asset = await ctx.store.getAsset(space, id);
      if (!asset || incarnatedAt(asset) > receivedAt) {
        const earlier = await ctx.store.findTombstone(space, id, ctx.now());
        if (!earlier) throw assetNotFound(id);
        return earlier;
      }
      const t: Tombstone = { assetId: id, key: assetStorageKey(asset), deletedAt: ctx.now(), done: false };
      if ((await ctx.store.deleteAsset(space, asset, t, t.deletedAt + PURGE_SWEEP_AFTER_MS)) !== 'ok') throw new WriteConflict();
      return t;
    },
    { retryable: isWriteConflict, exhausted: () => concurrentChange(id) },
  );
  // The tombstone is durable: a purge request lost here is made again by the sweeper.
  if (!tombstone.done) await requestPurge(ctx, space, tombstone.key);
}

export type SortField = AssetSortField;
const SORT_FIELDS: SortField[] = ['created_at', 'updated_at', 'name', 'id'];

export function parseSort(text: string | undefined): { field: SortField; desc: boolean } {
  if (text === undefined || text === '') return { field: 'created_at', desc: true };
  const [field, direction = 'asc', ...rest] = text.split(':');
  if (!SORT_FIELDS.includes(field as SortField) || !['asc', 'desc'].includes(direction) || rest.length) {
    throw invalid('query.sort', `must be <field>:<asc|desc> with field one of ${SORT_FIELDS.join(', ')}`);
  }
  return { field: field as SortField, desc: direction === 'desc' };
}

/**
 * GET /asset/list: the ids are read in the asked order from the list index (every shard merged),
 * only as far as the page and the count's lookahead need (pageFrom). Without a filter only the
 * page's assets are read; with one, the assets are read a hundred at a time as the walk goes.
 */
export async function listAssets(
  ctx: TrackingContext,
  space: string,
  options: { filter: AttributeFilter; sort: { field: SortField; desc: boolean }; pn: number; ps: number },
): Promise<{ list: AssetView[]; page: Page }> {
  const { field, desc } = options.sort;
  const now = ctx.now();
  const ids = ctx.store.assetIds(space, field, desc);
  const { filter } = options;
  if (!filter.allOf?.length && !filter.anyOf?.length && !filter.tags?.length) {
    const { list, page } = await pageFrom(ids, options.pn, options.ps);
    // An asset deleted since its id was read is left out of the page.
    return { list: (await ctx.store.getAssets(space, list)).map((a) => assetView(a, now)), page };
  }
  const matching = async function* () {
    for await (const batch of ids) yield (await ctx.store.getAssets(space, batch)).filter((a) => matchesAttributes(a, filter));
  };
  const { list, page } = await pageFrom(matching(), options.pn, options.ps);
  return { list: list.map((a) => assetView(a, now)), page };
}
