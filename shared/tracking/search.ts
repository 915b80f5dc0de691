import { pageOf, type Page } from '../platform/paging';
import { areaFilter, coverArea, distanceFromCenter, type LatLon, type SearchArea } from '../geo';
import { geoInput } from './errors';
import { matchesAttributes, type AttributeFilter } from './filters';
import { ACTIVE_WINDOW_MS, assetView, type AssetView, type PositionEntry } from './model';
import type { TrackingContext } from './service';

// Area search (around, bound, polygon) over the H3 position index. The area is
// covered by H3 cells (shared/geo coverArea: a bounded number of contiguous
// fine-cell key ranges under coarse-cell partitions); each range is one Query;
// the entries read are then filtered exactly (inside the area, active within
// 7 days, attribute filters), ranked and paged.

/** Most key ranges (parallel Queries) a search reads; fewer ranges read a coarser, larger cover. */
export const SEARCH_MAX_RANGES = 8;

export interface SearchOptions {
  filter: AttributeFilter;
  pn: number;
  ps: number;
  /** Field named by an error about the area (for example a circle containing a pole). */
  field?: string;
}

export type SearchAsset = AssetView & { ranking_info: { index: number; distance?: number } };

export interface SearchData {
  assets: SearchAsset[];
  page: Page;
}

export interface SearchStats {
  ranges: number;
  read: number;
}

export async function searchArea(
  ctx: TrackingContext,
  space: string,
  area: SearchArea,
  options: SearchOptions,
  stats?: SearchStats,
): Promise<SearchData> {
  const cover = geoInput(options.field ?? 'area', () => coverArea(area, { maxRanges: SEARCH_MAX_RANGES }));
  const entries = await ctx.store.readIndex(space, cover.ranges);
  if (stats) {
    stats.ranges = cover.ranges.length;
    stats.read = entries.length;
  }
  const now = ctx.now();
  const cut = now - ACTIVE_WINDOW_MS;
  const inside = areaFilter(area);
  const center: LatLon | null = area.type === 'circle' ? area.center : null;
  const hits: Array<{ e: PositionEntry; distance: number }> = [];
  const seen = new Set<string>();
  for (const e of entries) {
    if (e.ts < cut || seen.has(e.assetId)) continue;
    const p = { lat: e.lat, lon: e.lon };
    if (!inside(p)) continue;
    if (!matchesAttributes(e.asset.attributes, options.filter)) continue;
    seen.add(e.assetId);
    hits.push({ e, distance: center ? distanceFromCenter(center, p) : 0 });
  }
  // Around: nearest first. Bound and polygon: by asset id (stable across pages).
  hits.sort((a, b) => a.distance - b.distance || (a.e.assetId < b.e.assetId ? -1 : a.e.assetId > b.e.assetId ? 1 : 0));
  const page = pageOf(hits.length, options.pn, options.ps);
  const assets = hits.slice(page.offset, page.offset + options.ps).map(({ e, distance }, i) => {
    const view = assetView(e.asset, now) as SearchAsset;
    view.ranking_info = center ? { index: page.offset + i, distance: Math.round(distance * 100) / 100 } : { index: page.offset + i };
    return view;
  });
  return { assets, page };
}
