/**
 * A progress line on stderr for a hierarchy build. The estimate is from the rate over the last
 * tenth of the elapsed time, and is a lower bound: the last nodes of a contraction (the dense
 * core) cost more each than the first (dead ends and shape-node chains).
 */
import type { CHProgress } from '../../shared/roads/index';

export function chProgressBar(label: string): (p: CHProgress) => void {
  const history: { t: number; done: number }[] = [];
  let lastPct = -1;
  return (p) => {
    history.push({ t: p.elapsedMs, done: p.done });
    const pct = Math.floor((p.done / p.total) * 100);
    if (pct === lastPct && p.done < p.total) return;
    lastPct = pct;
    // the last report at least a tenth of the elapsed time ago (the first one early on)
    let since = history[0];
    for (const h of history) if (h.t <= p.elapsedMs * 0.9 && h.done < p.done) since = h;
    const rate = (p.done - since.done) / Math.max(1, p.elapsedMs - since.t);
    const left = rate > 0 ? (p.total - p.done) / rate / 1000 : NaN;
    const bar = '#'.repeat(Math.floor(pct / 5)).padEnd(20, '.');
    const eta = p.done >= p.total ? 'done' : Number.isFinite(left) ? `>= ${fmt(left)} left` : '';
    process.stderr.write(
      `\r  ${label} [${bar}] ${String(pct).padStart(3)}%  ${p.shortcuts} shortcuts  ${fmt(p.elapsedMs / 1000)}  ${eta}    `,
    );
    if (p.done >= p.total) process.stderr.write('\n');
  };
}

function fmt(s: number): string {
  return s < 90 ? `${s.toFixed(0)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}
