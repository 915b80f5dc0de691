/** Helpers to turn a MatrixResult into API-shaped nested arrays. */
import type { MatrixResult } from '../roads/types';

export interface MatrixRowsOptions {
  /** Round to integers (the optimization API wants integer seconds and metres). Default true. */
  round?: boolean;
  /** Value for unreachable pairs (Infinity in the result). Default null. */
  unreachable?: number | null;
}

/** Row-major nested array of durations or distances. */
export function matrixRows(m: MatrixResult, which: 'durations' | 'distances', o: MatrixRowsOptions = {}): Array<Array<number | null>> {
  const src = m[which];
  const round = o.round ?? true;
  const unreachable = o.unreachable === undefined ? null : o.unreachable;
  const rows: Array<Array<number | null>> = new Array(m.sourceCount);
  for (let i = 0; i < m.sourceCount; i++) {
    const row: Array<number | null> = new Array(m.targetCount);
    for (let j = 0; j < m.targetCount; j++) {
      const v = src[i * m.targetCount + j];
      row[j] = Number.isFinite(v) ? (round ? Math.round(v) : v) : unreachable;
    }
    rows[i] = row;
  }
  return rows;
}

/** Number of unreachable (infinite) cells. */
export function unreachableCount(m: MatrixResult): number {
  let n = 0;
  for (let i = 0; i < m.durations.length; i++) if (!Number.isFinite(m.durations[i])) n++;
  return n;
}
