import type { AssetState } from './engine';

// When an upload may leave the stored evaluation state as it is. An upload that changes nothing
// but the watermark (`last`: no event, no fence entered or pending, no episode or stay begun or
// ended, the same monitors) need not rewrite the state: the next evaluation reads the points
// between the stored watermark and the asset's latest location from the history and evaluates
// them again, and the engine, being deterministic, arrives at the same state from them. That is
// the recovery every evaluation already runs (evaluate.ts), so a skipped write costs no extra
// read. The lag is bounded, so recovery re-reads at most about a minute of history.

/** Longest stretch of point time (ms) an asset's stored watermark may trail its evaluated points. */
export const QUIET_LAG_MS = 60_000;

/** Same value whatever the key order of its objects. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** Whether `after` differs from the stored `before` in its watermark alone, and by at most QUIET_LAG_MS. */
export function onlyWatermarkMoved(before: AssetState, after: AssetState): boolean {
  if (!before.last || !after.last || after.last.ts - before.last.ts > QUIET_LAG_MS) return false;
  return before.v === after.v && canonical(before.m) === canonical(after.m);
}
