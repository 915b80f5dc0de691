import {
  cellToLatLng,
  cellToParent,
  compactCells,
  getHexagonAreaAvg,
  getHexagonEdgeLengthAvg,
  gridDisk,
  latLngToCell,
  polygonToCells,
  uncompactCells,
  getResolution,
} from 'h3-js';
import { circleContainsPole, circleContains, circleToPolygon, type Circle } from './circle';
import { badRequest } from './errors';
import { compilePolygon, fenceContains } from './fences';
import { prepareRing, pointInPreparedRing } from './ring';
import { ringAreaKm2 } from './polygon';
import { boxAreaKm2 } from './area';
import { haversineMeters, normalizeLon } from './sphere';
import type { LatLon, LonLat, LonLatBox } from './types';

/*
 * H3 storage scheme for the live-tracking area search. See shared/geo/README.md#h3-index-for-area-search.
 *
 *  - Each active asset's latest position is stored in one index item:
 *      partition key  = coarse cell (resolution H3_COARSE_RES = 4), usually prefixed by the space
 *      sort key       = fine cell (resolution H3_FINE_RES = 10) as 15-char lower-case hex + "#" + assetId
 *    where the coarse cell is the hierarchical parent of the fine cell (cellToParent), never an
 *    independent latLngToCell at resolution 5: H3 children are not exactly inside their parent's
 *    hexagon, and the range scheme depends on the hierarchy.
 *  - An H3 index of resolution r stores digits 1..r in fixed 3-bit slots (digit 1 most
 *    significant) and 7 in the unused slots. Hence, among fine cells (all of one resolution, same
 *    mode and resolution bits), the descendants of any cell C form one contiguous interval of
 *    the 64-bit value: [C with its free digits set to 0, C with them set to 6]. Fine cells
 *    always print as 15 hex digits, so the lexicographic order of the hex strings is the numeric
 *    order and DynamoDB can use `sk BETWEEN :from AND :to`.
 */

export const H3_FINE_RES = 10;
export const H3_COARSE_RES = 4;

export interface AssetCells {
  /** Resolution-10 cell of the position (15-char hex). */
  fine: string;
  /** Resolution-4 hierarchical parent of `fine` (partition key part). */
  coarse: string;
}

/** Fine cell and coarse parent of a position (the index item's keys). */
export function assetCells(p: LatLon): AssetCells {
  const fine = latLngToCell(p.lat, p.lon, H3_FINE_RES);
  return { fine, coarse: cellToParent(fine, H3_COARSE_RES) };
}

/**
 * Index move on a new latest position: the new keys, and whether the item must be rewritten
 * (sort key changed: Delete old + Put new in one TransactWriteItems) or only updated in place.
 */
export function indexMove(
  prev: LatLon | null | undefined,
  next: LatLon,
  assetId: string,
): {
  next: AssetCells & { sk: string };
  prev?: AssetCells & { sk: string };
  keyChanged: boolean;
  partitionChanged: boolean;
} {
  const n = assetCells(next);
  const nextKeys = { ...n, sk: indexSortKey(n.fine, assetId) };
  if (!prev) return { next: nextKeys, keyChanged: true, partitionChanged: true };
  const p = assetCells(prev);
  const prevKeys = { ...p, sk: indexSortKey(p.fine, assetId) };
  return { next: nextKeys, prev: prevKeys, keyChanged: p.fine !== n.fine, partitionChanged: p.coarse !== n.coarse };
}

/** Sort key of an asset's index item: `${fineCell}#${assetId}`. */
export function indexSortKey(fine: string, assetId: string): string {
  return `${fine}#${assetId}`;
}

const RES_SHIFT = 52n;
const RES_MASK = 0xfn << RES_SHIFT;
const digitShift = (d: number): bigint => BigInt((15 - d) * 3);

function toBig(cell: string): bigint {
  return BigInt(`0x${cell}`);
}
function toHex(h: bigint): string {
  return h.toString(16).padStart(15, '0');
}

/** cellToParent by the index bits: a call into h3-js costs more than the whole range merge. */
function parentBits(cell: string, res: number): string {
  let h = (toBig(cell) & ~RES_MASK) | (BigInt(res) << RES_SHIFT);
  for (let d = res + 1; d <= 15; d++) h |= 7n << digitShift(d);
  return toHex(h);
}

/** First and last descendant (at `fineRes`) of a cell, as BigInt H3 indexes. */
export function descendantBounds(cell: string, fineRes = H3_FINE_RES): { lo: bigint; hi: bigint } {
  const h = toBig(cell);
  const r = Number((h & RES_MASK) >> RES_SHIFT);
  if (r > fineRes) throw new RangeError(`cell resolution ${r} is finer than ${fineRes}`);
  let lo = (h & ~RES_MASK) | (BigInt(fineRes) << RES_SHIFT);
  let hi = lo;
  for (let d = r + 1; d <= fineRes; d++) {
    const s = digitShift(d);
    lo &= ~(7n << s);
    hi = (hi & ~(7n << s)) | (6n << s);
  }
  return { lo, hi };
}

/** Base-7 ordinal of the digits coarseRes+1..fineRes of a fine index (its rank inside the coarse parent). */
function ordinal(h: bigint, coarseRes: number, fineRes: number): number {
  let o = 0;
  for (let d = coarseRes + 1; d <= fineRes; d++) o = o * 7 + Number((h >> digitShift(d)) & 7n);
  return o;
}

export interface H3Range {
  /** Coarse cell (partition). */
  coarse: string;
  /** Inclusive bounds of the fine cells in this range. */
  loCell: string;
  hiCell: string;
  /** Sort-key bounds for `sk BETWEEN :from AND :to` with sk = `${fine}#${assetId}`. */
  from: string;
  to: string;
}

export type SearchArea =
  { type: 'circle'; center: LatLon; radius: number } | { type: 'bbox'; box: LonLatBox } | { type: 'polygon'; ring: LonLat[] };

export interface CoverOptions {
  fineRes?: number;
  coarseRes?: number;
  /**
   * Finest resolution of the cover's cells (default fineRes). An index whose entries name a
   * coarser cell (by a fineRes descendant of it) needs covers no finer than that cell: ranges stay
   * in fineRes terms, so entries keyed by the fine cell itself are still found.
   */
  cellRes?: number;
  /** Upper bound of cells at the cover resolution (area / average cell area; default 400). */
  maxCells?: number;
  /** Upper bound of ranges (queries), unless more partitions are touched (default 16). */
  maxRanges?: number;
}

export interface H3Cover {
  fineRes: number;
  coarseRes: number;
  /** Resolution at which the area was covered before building ranges (coarseRes..fineRes). */
  coverRes: number;
  /** Number of cover cells at coverRes (band + enclosed cells, before compaction). */
  cellCount: number;
  /** Distinct partitions (coarse cells) touched. */
  partitions: string[];
  /** One DynamoDB Query per range. */
  ranges: H3Range[];
  /** Approximate area read, km2: fine-cell positions spanned by the ranges x average fine-cell area. */
  approxReadAreaKm2: number;
}

/** Closed ring (continuous longitudes) bounding the area; circles get a circumscribed 32-gon. */
function areaRing(area: SearchArea): LonLat[] {
  if (area.type === 'circle') {
    const c: Circle = { center: area.center, radius: area.radius };
    if (circleContainsPole(c)) throw badRequest('invalid_argument', 'search areas that contain a pole are not supported');
    const n = 32;
    return circleToPolygon(c, n, 1.001 / Math.cos(Math.PI / n)).coordinates[0];
  }
  if (area.type === 'bbox') {
    const { west, south, east, north } = area.box;
    const e = east < west ? east + 360 : east;
    return [
      [west, south],
      [e, south],
      [e, north],
      [west, north],
      [west, south],
    ];
  }
  return area.ring;
}

/** Splits edges so none spans more than `step` degrees, so great-circle and lon/lat-straight edge models agree closely. */
function densifyRing(ring: readonly LonLat[], step = 0.05): LonLat[] {
  const out: LonLat[] = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0, y0] = ring[i],
      [x1, y1] = ring[i + 1];
    const k = Math.min(200, Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) / step)));
    for (let j = 0; j < k; j++) out.push([x0 + ((x1 - x0) * j) / k, y0 + ((y1 - y0) * j) / k]);
  }
  out.push(ring[ring.length - 1]);
  return out;
}

function areaKm2Of(area: SearchArea): number {
  if (area.type === 'circle') return Math.PI * (area.radius / 1000) ** 2;
  if (area.type === 'bbox') return boxAreaKm2(area.box);
  return ringAreaKm2(area.ring);
}

interface RawRange {
  coarse: string;
  lo: bigint;
  hi: bigint;
  loOrd: number;
  hiOrd: number;
}

/** Ranges of fine descendants of a cell set: compacted, grouped by coarse parent, adjacent ones merged. Sorted by (coarse, lo). */
function rawRanges(cells: string[], coarseRes: number, fineRes: number, compacting = true): RawRange[] {
  // Cells all at fineRes gain nothing from compaction, which costs more than the merge below.
  let compact = compacting ? compactCells(cells) : cells;
  if (compact.some((c) => getResolution(c) < coarseRes)) {
    compact = compact.flatMap((c) => (getResolution(c) < coarseRes ? uncompactCells([c], coarseRes) : [c]));
  }
  const groups = new Map<string, RawRange[]>();
  for (const c of compact) {
    const coarse = !compacting ? parentBits(c, coarseRes) : getResolution(c) === coarseRes ? c : cellToParent(c, coarseRes);
    const { lo, hi } = descendantBounds(c, fineRes);
    let g = groups.get(coarse);
    if (!g) groups.set(coarse, (g = []));
    g.push({ coarse, lo, hi, loOrd: ordinal(lo, coarseRes, fineRes), hiOrd: ordinal(hi, coarseRes, fineRes) });
  }
  const out: RawRange[] = [];
  for (const coarse of [...groups.keys()].sort()) {
    const list = groups.get(coarse)!.sort((a, b) => a.loOrd - b.loOrd);
    let cur = list[0];
    for (let i = 1; i < list.length; i++) {
      const nx = list[i];
      if (nx.loOrd <= cur.hiOrd + 1) {
        if (nx.hiOrd > cur.hiOrd) cur = { ...cur, hi: nx.hi, hiOrd: nx.hiOrd };
      } else {
        out.push(cur);
        cur = nx;
      }
    }
    out.push(cur);
  }
  return out;
}

/**
 * Reduces the number of ranges to at most maxRanges (never below the number of partitions) by
 * closing the smallest gaps between consecutive ranges of the same partition. Closing gap g reads
 * g extra fine-cell positions, so closing the smallest ones first minimises the extra read for
 * the given number of queries (it is optimal for this one-dimensional problem).
 */
function closeGaps(ranges: RawRange[], maxRanges: number): RawRange[] {
  if (ranges.length <= maxRanges) return ranges;
  const gaps: Array<{ at: number; size: number }> = [];
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i].coarse === ranges[i - 1].coarse) gaps.push({ at: i, size: ranges[i].loOrd - ranges[i - 1].hiOrd - 1 });
  }
  gaps.sort((a, b) => a.size - b.size || a.at - b.at);
  const close = new Set<number>();
  for (const g of gaps) {
    if (ranges.length - close.size <= maxRanges) break;
    close.add(g.at);
  }
  const out: RawRange[] = [];
  for (let i = 0; i < ranges.length; i++) {
    if (close.has(i)) {
      const prev = out[out.length - 1];
      out[out.length - 1] = { ...prev, hi: ranges[i].hi, hiOrd: ranges[i].hiOrd };
    } else {
      out.push(ranges[i]);
    }
  }
  return out;
}

/**
 * Cells at `res` that together hold every point of the area and every neighbour of a cell holding
 * one (see coverArea). `cont`: densified closed ring in continuous longitudes; `ring`: the same
 * with normalized longitudes (for the H3 fallback).
 */
function coverCells(cont: LonLat[], ring: LonLat[], res: number, km2: number): Set<string> {
  // B: cells of points sampled along the boundary every avgEdge / 4. Consecutive samples are in
  // the same or adjacent cells, so B is a closed chain of adjacent cells around the area.
  const step = getHexagonEdgeLengthAvg(res, 'm') / 4;
  // Samples at arc-length intervals of at most `step` along the ring (vertices closer than
  // that are not sampled individually): every boundary point is within step / 2 of a sample.
  const boundary = new Set<string>();
  let carried = step; // distance walked since the last sample
  for (let i = 0; i + 1 < cont.length; i++) {
    const [x0, y0] = cont[i],
      [x1, y1] = cont[i + 1];
    const len = haversineMeters({ lat: y0, lon: x0 }, { lat: y1, lon: x1 });
    let d = step - carried; // position along this edge of the next sample
    if (d < 0) d = 0;
    while (d <= len) {
      const t = len > 0 ? d / len : 0;
      boundary.add(latLngToCell(y0 + (y1 - y0) * t, normalizeLon(x0 + (x1 - x0) * t), res));
      d += step;
    }
    carried = len - (d - step);
  }
  // Band: two-ring of B.
  const set = new Set<string>();
  for (const b of boundary) for (const n of gridDisk(b, 2)) set.add(n);
  // Interior: flood fill from band cells (not in B) whose centre is inside, bounded by the band.
  const fence = compilePolygon('cover', { type: 'Polygon', coordinates: [cont] });
  const queue: string[] = [];
  for (const c of set) {
    if (boundary.has(c)) continue;
    const [lat, lon] = cellToLatLng(c);
    if (fenceContains(fence, { lat, lon })) queue.push(c);
  }
  const cap = 16 * Math.ceil(km2 / getHexagonAreaAvg(res, 'km2')) + set.size + 1000;
  while (queue.length > 0) {
    const c = queue.pop()!;
    for (const n of gridDisk(c, 1)) {
      if (set.has(n)) continue;
      set.add(n);
      queue.push(n);
    }
    if (set.size > cap) {
      // Should not happen (the band is a closed barrier); stay correct with H3's own polyfill.
      const safe = new Set<string>(polygonToCells([ring], res, true));
      for (const b of boundary) for (const n of gridDisk(b, 2)) safe.add(n);
      for (const c2 of [...safe]) if (!boundary.has(c2)) for (const n of gridDisk(c2, 1)) safe.add(n);
      return safe;
    }
  }
  return set;
}

/**
 * Cover of a search area by fine-cell ranges. Never misses: every point inside the area has its
 * fine cell (latLngToCell at fineRes) inside one of the ranges.
 *
 * Method (r = cover resolution, the finest <= fineRes at which the area needs <= maxCells cells):
 *  1. B = cells of points sampled along the boundary every avgEdge(r) / 4 (a closed chain of
 *     adjacent cells); S = two-ring of B (gridDisk k = 2) + the cells enclosed by it, found by
 *     flood fill from band cells whose centre is inside the area (exact point-in-polygon).
 *     Why this is safe: for a point p inside, let G be the cell containing p. The fine cell of p
 *     descends from G or a neighbour of G (H3 children are not exactly inside their parent's
 *     hexagon; the drift is below one cell, which the property test checks). Cells within one
 *     ring of a cell the boundary passes through are within two rings of B; cells farther from
 *     the boundary lie entirely inside or outside the area and the inside ones are enclosed.
 *     (If the flood fill ever exceeded its size bound it falls back to H3's polygonToCells.)
 *  2. Compact; each cell gives one interval of fine-resolution descendants; intervals are grouped
 *     by coarse parent (partition) and numerically adjacent ones merged.
 *  3. While there are more than maxRanges ranges, the smallest gap between consecutive ranges of
 *     a partition is closed (reads the gap's cells too, saves one query; optimal for the extra
 *     cells read at a given number of queries).
 * Cost is O(cells + boundary length / cell edge + vertices); H3's own polyfill is avoided
 * because it is O(cells x vertices) (tens of ms for a 1000-vertex polygon).
 * Areas containing a pole are refused (400).
 */
export function coverArea(area: SearchArea, options: CoverOptions = {}): H3Cover {
  const fineRes = options.fineRes ?? H3_FINE_RES;
  const coarseRes = options.coarseRes ?? H3_COARSE_RES;
  const maxCells = options.maxCells ?? 400;
  const maxRanges = options.maxRanges ?? 16;
  const cont = densifyRing(prepareRing(areaRing(area)).coords);
  const ring = cont.map(([x, y]) => [normalizeLon(x), y] as LonLat);
  if (ring[ring.length - 1][0] !== ring[0][0]) ring[ring.length - 1] = [ring[0][0], ring[0][1]];
  const km2 = areaKm2Of(area);
  let res = Math.min(fineRes, options.cellRes ?? fineRes);
  while (res > coarseRes && km2 / getHexagonAreaAvg(res, 'km2') > maxCells) res--;
  const set = coverCells(cont, ring, res, km2);
  const exact = rawRanges([...set], coarseRes, fineRes);
  const merged = closeGaps(exact, maxRanges);
  const fineArea = getHexagonAreaAvg(fineRes, 'km2');
  let positions = 0;
  for (const r of merged) positions += r.hiOrd - r.loOrd + 1;
  return {
    fineRes,
    coarseRes,
    coverRes: res,
    cellCount: set.size,
    partitions: [...new Set(merged.map((r) => r.coarse))],
    ranges: merged.map((r) => {
      const loCell = toHex(r.lo),
        hiCell = toHex(r.hi);
      return { coarse: r.coarse, loCell, hiCell, from: loCell, to: `${hiCell}~` };
    }),
    approxReadAreaKm2: positions * fineArea,
  };
}

/** Largest radius coverDisk takes: beyond it the disk of cells outgrows coverArea's bounded cover. */
export const DISK_COVER_MAX_M = 1000;

/**
 * Cover of a small circle by fine-cell ranges, for the reads made on every upload (roaming
 * monitors): the grid disk around the centre's fine cell, about 0.1 ms where coverArea's
 * boundary walk and flood fill take about 13 ms (on this 2-core machine, loaded). Never misses: a point within `radius` lies in a
 * cell whose centre is within radius + 2 edges of the origin cell's centre, and two cell centres
 * k grid steps apart are at least k x 1.5 x the shortest edge apart. Edges are taken at 0.7 and
 * 1.3 times the average, wider than H3's spread of hexagon edge lengths at one resolution (the
 * property test in tests/unit/geo/cover-disk.test.ts samples the globe).
 */
export function coverDisk(
  center: LatLon,
  radius: number,
  options: { coarseRes?: number; fineRes?: number; cellRes?: number; maxRanges?: number } = {},
): readonly H3Range[] {
  if (radius > DISK_COVER_MAX_M) throw new RangeError(`coverDisk takes radii up to ${DISK_COVER_MAX_M} m`);
  const fineRes = options.fineRes ?? H3_FINE_RES;
  const cellRes = Math.min(fineRes, options.cellRes ?? fineRes);
  const edge = getHexagonEdgeLengthAvg(cellRes, 'm');
  // With coarser cells, one more ring: an entry keyed by its fine cell descends from the cell
  // holding its point or from a neighbour of it (H3 children overhang their parent).
  const k = Math.ceil((radius + 2 * 1.3 * edge) / (1.5 * 0.7 * edge)) + (cellRes < fineRes ? 1 : 0);
  const coarseRes = options.coarseRes ?? H3_COARSE_RES;
  const maxRanges = options.maxRanges ?? 16;
  const origin = latLngToCell(center.lat, normalizeLon(center.lon), cellRes);
  // The cover depends on the origin cell, not the point: an asset still in its cell at its next
  // upload reuses it.
  const key = `${origin}|${k}|${coarseRes}|${fineRes}|${maxRanges}`;
  const cached = diskCovers.get(key);
  if (cached) return cached;
  const ranges = closeGaps(rawRanges(gridDisk(origin, k), coarseRes, fineRes, false), maxRanges).map((r) => {
    const loCell = toHex(r.lo),
      hiCell = toHex(r.hi);
    return { coarse: r.coarse, loCell, hiCell, from: loCell, to: `${hiCell}~` };
  });
  if (diskCovers.size >= MAX_DISK_COVERS) diskCovers.delete(diskCovers.keys().next().value!);
  diskCovers.set(key, ranges);
  return ranges;
}

const MAX_DISK_COVERS = 20_000;
const diskCovers = new Map<string, readonly H3Range[]>();

/** True when the fine cell (hex) falls in one of the ranges (for tests and sanity checks). */
export function rangesContainCell(ranges: readonly H3Range[], fine: string): boolean {
  return ranges.some((r) => fine >= r.loCell && fine <= r.hiCell);
}

/**
 * Exact filter after the range reads: returns a predicate telling whether a position is inside
 * the area (boundary inclusive; circles by haversine distance), and for circles the distance.
 */
export function areaFilter(area: SearchArea): (p: LatLon) => boolean {
  if (area.type === 'circle') {
    const c: Circle = { center: area.center, radius: area.radius };
    return (p) => circleContains(c, p);
  }
  if (area.type === 'bbox') {
    const { west, south, east, north } = area.box;
    return (p) => p.lat >= south && p.lat <= north && (west <= east ? p.lon >= west && p.lon <= east : p.lon >= west || p.lon <= east);
  }
  const pr = prepareRing(area.ring);
  return (p) => pointInPreparedRing(pr, p.lon, p.lat);
}

/** Distance in metres from the center of an around search (ranking_info.distance). */
export function distanceFromCenter(center: LatLon, p: LatLon): number {
  return haversineMeters(center, p);
}
