import { fenceContains, type CompiledFence, type LatLon } from '../geo';

// Which of a set of compiled fences contain a point, without testing them all:
// a uniform lon/lat grid over the fences' bounding boxes. Each fence is listed
// in every cell its box meets; a fence that would need too many cells (or whose
// longitude frame crosses the antimeridian) is kept in a short "large" list that
// is tested for every point. Containment itself is the geo library's exact,
// boundary-inclusive test.

const MAX_CELLS_PER_FENCE = 256;
const MIN_CELL_DEG = 0.0005;
const MAX_CELL_DEG = 2;

export class FenceIndex {
  readonly size: number;
  private readonly fences: CompiledFence[];
  private readonly cellDeg: number;
  private readonly inv: number;
  private readonly cells = new Map<number, number[]>();
  private readonly large: number[] = [];

  constructor(fences: readonly CompiledFence[]) {
    this.fences = [...fences];
    this.size = fences.length;
    const spans = fences
      .map((f) => Math.max(f.maxLat - f.minLat, f.maxLon - f.minLon))
      .filter((s) => Number.isFinite(s))
      .sort((a, b) => a - b);
    const median = spans.length ? spans[Math.floor(spans.length / 2)] : 0.1;
    this.cellDeg = Math.min(MAX_CELL_DEG, Math.max(MIN_CELL_DEG, median));
    this.inv = 1 / this.cellDeg;
    this.fences.forEach((f, i) => {
      if (f.minLon < -180 || f.maxLon > 180) {
        this.large.push(i);
        return;
      }
      const x0 = Math.floor(f.minLon * this.inv),
        x1 = Math.floor(f.maxLon * this.inv);
      const y0 = Math.floor(f.minLat * this.inv),
        y1 = Math.floor(f.maxLat * this.inv);
      if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_FENCE) {
        this.large.push(i);
        return;
      }
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const key = FenceIndex.key(x, y);
          const list = this.cells.get(key);
          if (list) list.push(i);
          else this.cells.set(key, [i]);
        }
      }
    });
  }

  private static key(x: number, y: number): number {
    return (x + 1_000_000) * 4_000_000 + (y + 1_000_000);
  }

  /** Ids of the fences containing `p` (boundary inclusive), in index order. */
  containing(p: LatLon): string[] {
    const out: string[] = [];
    const x = Math.floor(p.lon * this.inv),
      y = Math.floor(p.lat * this.inv);
    const list = this.cells.get(FenceIndex.key(x, y));
    if (list) for (const i of list) if (fenceContains(this.fences[i], p)) out.push(this.fences[i].id);
    if (p.lon === 180 || p.lon === -180) {
      // The same meridian seen from the other side: fences ending exactly at -/+180.
      const other = this.cells.get(FenceIndex.key(Math.floor(-p.lon * this.inv), y));
      if (other)
        for (const i of other) if (!out.includes(this.fences[i].id) && fenceContains(this.fences[i], p)) out.push(this.fences[i].id);
    }
    for (const i of this.large) if (fenceContains(this.fences[i], p)) out.push(this.fences[i].id);
    return out;
  }
}
