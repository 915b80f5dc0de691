import { getHexagonAreaAvg, getHexagonEdgeLengthAvg, getRes0Cells, latLngToCell, polygonToCells } from 'h3-js';
import type { CompiledFence, LatLon } from '../geo';

// The spatial index of a space's geofences: each fence is listed under the H3
// cells that cover its bounding box (a circle's box is its bounding polygon),
// so a point only needs the fences listed under the cells that contain it.
//
// Cells come from a short ladder of resolutions. A fence gets the finest one at
// which its box needs at most MAX_COVER_CELLS cells; a point is then looked up
// once per ladder level.
// Resolution 9 (0.1 km2) keeps a typical city fence (100 m - 1 km) to a few
// dozen cells and a cell's list to the fences really near it; 7, 5 and 3 take
// districts, regions and countries, 0 anything up to a hemisphere.
//
// The cover must never miss a fence that contains a point. fenceContains
// only accepts points inside the compiled fence's box (longitudes in the
// fence's continuous frame), the box is padded by a few centimetres so a
// point on its edge falls inside, and every cell that meets the box is kept (see boxCells). Boxes
// that reach the polar caps or span half the globe are listed under every
// resolution-0 cell.

export const COVER_LEVELS = [0, 3, 5, 7, 9] as const;
export const MAX_COVER_CELLS = 48;
const PAD_DEG = 1e-6;
const POLAR_LAT = 85;
const KM_PER_DEG = 111.32;
// A ring touching longitude 180 exactly is read by h3 as crossing the antimeridian.
const EDGE_LON = 180 - 1e-9;

interface Box {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/** Pieces of a padded box inside [-180, 180], one on each side when it crosses the antimeridian. */
function pieces(bounds: Box): Box[] {
  const box = {
    minLat: bounds.minLat - PAD_DEG,
    maxLat: bounds.maxLat + PAD_DEG,
    minLon: bounds.minLon - PAD_DEG,
    maxLon: bounds.maxLon + PAD_DEG,
  };
  if (box.minLon < -180)
    return [
      { ...box, minLon: box.minLon + 360, maxLon: 180 },
      { ...box, minLon: -180 },
    ];
  if (box.maxLon > 180)
    return [
      { ...box, maxLon: 180 },
      { ...box, minLon: -180, maxLon: box.maxLon - 360 },
    ];
  return [box];
}

function areaKm2(b: Box): number {
  const cos = Math.cos((((b.minLat + b.maxLat) / 2) * Math.PI) / 180);
  return (b.maxLat - b.minLat) * KM_PER_DEG * (b.maxLon - b.minLon) * KM_PER_DEG * Math.max(cos, 0.01);
}

/**
 * Cells meeting the box: the cells whose centres lie in the box grown by twice a cell's average
 * edge length (more than any cell's centre-to-corner distance), so every cell that meets the
 * box is kept. (h3's experimental overlapping-bbox mode would keep fewer cells,
 * but the centre mode is h3's long-standing one.)
 */
function boxCells(box: Box, res: number): string[] {
  const grow = (2 * getHexagonEdgeLengthAvg(res, 'km')) / KM_PER_DEG;
  const cos = Math.max(Math.cos((Math.min(Math.max(Math.abs(box.minLat), Math.abs(box.maxLat)) + grow, 90) * Math.PI) / 180), 0.01);
  const b = {
    minLat: Math.max(box.minLat - grow, -90),
    maxLat: Math.min(box.maxLat + grow, 90),
    minLon: Math.max(box.minLon - grow / cos, -EDGE_LON),
    maxLon: Math.min(box.maxLon + grow / cos, EDGE_LON),
  };
  // h3 reads a ring wider than 180 degrees of longitude as one crossing the antimeridian, so
  // a wide box is cut into strips of at most 90 degrees.
  const strips = Math.ceil((b.maxLon - b.minLon) / 90) || 1;
  const width = (b.maxLon - b.minLon) / strips;
  const cells: string[] = [];
  for (let i = 0; i < strips; i++) {
    const west = b.minLon + i * width;
    const east = i === strips - 1 ? b.maxLon : west + width;
    const ring = [
      [b.minLat, west],
      [b.minLat, east],
      [b.maxLat, east],
      [b.maxLat, west],
    ];
    cells.push(...polygonToCells(ring, res));
  }
  return cells;
}

/** H3 cells the fence is listed under: every point the fence contains lies in one of them. */
export function coverCells(fence: Pick<CompiledFence, 'minLat' | 'maxLat' | 'minLon' | 'maxLon'>): string[] {
  const finite = [fence.minLat, fence.maxLat, fence.minLon, fence.maxLon].every(Number.isFinite);
  if (!finite || fence.maxLat > POLAR_LAT || fence.minLat < -POLAR_LAT || fence.maxLon - fence.minLon >= 180) return getRes0Cells();
  const parts = pieces(fence);
  const area = parts.reduce((sum, b) => sum + areaKm2(b), 0);
  const fine = [...COVER_LEVELS].reverse();
  for (const res of fine) {
    if (res > 0 && area / getHexagonAreaAvg(res, 'km2') > MAX_COVER_CELLS) continue;
    // Not compacted: an H3 parent does not hold exactly its children's area, so a point's cell at
    // a coarser level need not be the parent of its cell at this one. A point is looked up at
    // every level with latLngToCell, the same function that chose these cells.
    return [...new Set(parts.flatMap((b) => boxCells(b, res)))];
  }
  return getRes0Cells();
}

/** The cells a point is looked up under: one per ladder level. */
export function pointCells(p: LatLon): string[] {
  return COVER_LEVELS.map((res) => latLngToCell(p.lat, p.lon, res));
}
