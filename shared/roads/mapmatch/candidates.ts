import type { Phantom } from '../spatial';
import type { TracePoint } from '../types';
import type { MatchContext } from './context';

/** Up to `k` candidates within `r` metres, one per distinct location (a node shared by several segments counts once). */
export function candidatesFor(ctx: MatchContext, p: TracePoint, r: number, k: number): Phantom[] {
  const raw = ctx.net.candidates(p, ctx.travel, r, k * 2);
  const seen = new Set<string>();
  const out: Phantom[] = [];
  for (const c of raw) {
    const key = c.t <= 0 ? `n${c.u}` : c.t >= 1 ? `n${c.v}` : `e${c.edge}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
    if (out.length >= k) break;
  }
  return out;
}

/** Emission log-probability of each candidate: Gaussian GPS noise, -0.5 (d / sigma)^2. */
export function emissions(cands: Phantom[], sigma: number): number[] {
  return cands.map((c) => -0.5 * (c.dist / sigma) * (c.dist / sigma));
}

/**
 * GPS noise for one point: its reported accuracy (capped at 100 m, a fix worse than that
 * says little), never below the configured sigma.
 */
export function sigmaOf(ctx: MatchContext, p: TracePoint): number {
  return p.accuracy && p.accuracy > 0 ? Math.max(ctx.sigma, Math.min(p.accuracy, 100)) : ctx.sigma;
}
