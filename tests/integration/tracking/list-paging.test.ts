import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAsset, deleteAsset, listAssets, updateAsset, type SortField } from '../../../shared/tracking/assets';
import { DynamoTrackingStore } from '../../../shared/tracking/dynamo-store';
import type { AssetView } from '../../../shared/tracking/model';
import type { TrackingContext } from '../../../shared/tracking/service';

// The asset list read from the sharded list indexes (every shard queried and merged): each
// order, walked page by page, gives every asset exactly once in the documented order; a page
// reads only its own assets; and a DELETE only deletes an incarnation that existed when it
// arrived.

const T0 = Date.UTC(2026, 10, 24, 9);

function world(): { ctx: TrackingContext; space: string; clock: { ms: number }; fetched: string[] } {
  const clock = { ms: T0 };
  const store = new DynamoTrackingStore();
  const fetched: string[] = [];
  const getAssets = store.getAssets.bind(store);
  store.getAssets = async (space, ids) => {
    fetched.push(...ids);
    return getAssets(space, ids);
  };
  return { ctx: { store, now: () => clock.ms }, space: `org-list-${randomUUID().slice(0, 8)}|`, clock, fetched };
}

async function walk(ctx: TrackingContext, space: string, field: SortField, desc: boolean, ps: number): Promise<AssetView[]> {
  const out: AssetView[] = [];
  for (let pn = 1; ; pn++) {
    const { list, page } = await listAssets(ctx, space, { filter: {}, sort: { field, desc }, pn, ps });
    out.push(...list);
    if (!page.hasmore) return out;
    expect(pn, 'pages').toBeLessThan(100);
  }
}

const compare = (field: SortField) => (a: AssetView, b: AssetView) => {
  const x = field === 'id' ? '' : a[field];
  const y = field === 'id' ? '' : b[field];
  if (x !== y) return x < y ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

describe('asset list paged from the sorted list indexes', () => {
  it('every order and direction, walked page by page, lists every asset once in order', async () => {
    const { ctx, space, clock, fetched } = world();
    const names = ['delta', 'alpha', 'Zulu', '', 'alpha', 'émile', 'bravo'];
    for (let i = 0; i < 40; i++) {
      // Several assets per second: equal created_at values are ordered by id.
      clock.ms = T0 + Math.floor(i / 3) * 1000;
      await createAsset(ctx, space, { custom_id: `a${(i * 7) % 40}`, name: names[i % names.length] } as never);
    }
    clock.ms = T0 + 60_000;
    for (const id of ['a3', 'a17', 'a30']) await updateAsset(ctx, space, id, { name: 'renamed' } as never);
    const all = (await walk(ctx, space, 'id', false, 500)).sort(compare('id'));
    expect(all).toHaveLength(40);
    for (const field of ['id', 'created_at', 'updated_at', 'name'] as SortField[]) {
      for (const desc of [false, true]) {
        const expected = [...all].sort(compare(field)).map((a) => a.id);
        if (desc) expected.reverse();
        fetched.length = 0;
        const walked = (await walk(ctx, space, field, desc, 7)).map((a) => a.id);
        expect(walked, `${field} ${desc ? 'desc' : 'asc'}`).toEqual(expected);
        // Without a filter a page reads only its own assets (the index keys aside).
        expect(fetched).toHaveLength(40);
      }
    }
    const deep = await listAssets(ctx, space, { filter: {}, sort: { field: 'created_at', desc: true }, pn: 6, ps: 7 });
    expect(deep.page).toEqual({ total: 40, offset: 35, page: 6, size: 7, hasmore: false });
    expect(deep.list).toHaveLength(5);
  });

  it('a walk in creation order sees every asset that existed when it began once, while others are created', async () => {
    const { ctx, space, clock } = world();
    for (let i = 0; i < 20; i++) {
      clock.ms = T0 + i * 1000;
      await createAsset(ctx, space, { custom_id: `b${i}` } as never);
    }
    const seen: string[] = [];
    for (let pn = 1; ; pn++) {
      const { list, page } = await listAssets(ctx, space, { filter: {}, sort: { field: 'created_at', desc: false }, pn, ps: 6 });
      seen.push(...list.map((a) => a.id));
      clock.ms += 1000;
      await createAsset(ctx, space, { custom_id: `new${pn}` } as never);
      if (!page.hasmore) break;
    }
    const original = Array.from({ length: 20 }, (_, i) => `b${i}`);
    expect(seen.slice(0, 20)).toEqual(original);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('a filtered list pages over the matching assets only', async () => {
    const { ctx, space } = world();
    for (let i = 0; i < 12; i++) await createAsset(ctx, space, { custom_id: `f${i}`, attributes: { odd: String(i % 2) } } as never);
    const odd = await listAssets(ctx, space, {
      filter: { allOf: [['odd', '1']] },
      sort: { field: 'name', desc: false },
      pn: 2,
      ps: 4,
    });
    // Equal (empty) names: by id, as strings (f1, f11, f3, f5 | f7, f9).
    expect(odd.list.map((a) => a.id)).toEqual(['f7', 'f9']);
    expect(odd.page).toEqual({ total: 6, offset: 4, page: 2, size: 4, hasmore: false });
  });
});

describe('a DELETE is bound to the incarnation that existed when it arrived', () => {
  it('a late DELETE of a deleted asset leaves the asset created again under its id', async () => {
    const { ctx, space, clock } = world();
    await createAsset(ctx, space, { custom_id: 'x' } as never);
    clock.ms += 1000;
    const arrived = clock.ms;
    await deleteAsset(ctx, space, 'x', arrived);
    clock.ms += 1000;
    await createAsset(ctx, space, { custom_id: 'x', name: 'second' } as never);
    clock.ms += 1000;
    // The first DELETE again (a retry still running, or sent before the create and arriving after it).
    await deleteAsset(ctx, space, 'x', arrived);
    expect((await ctx.store.getAsset(space, 'x'))?.name).toBe('second');
    // A DELETE that arrives after the create deletes the new incarnation.
    await deleteAsset(ctx, space, 'x');
    expect(await ctx.store.getAsset(space, 'x')).toBeNull();
  });

  it('a DELETE that arrived before an id was ever used is 404 and deletes nothing created since', async () => {
    const { ctx, space, clock } = world();
    const arrived = clock.ms;
    clock.ms += 1000;
    await createAsset(ctx, space, { custom_id: 'y' } as never);
    await expect(deleteAsset(ctx, space, 'y', arrived)).rejects.toMatchObject({ status: 404 });
    expect(await ctx.store.getAsset(space, 'y')).not.toBeNull();
  });
});
