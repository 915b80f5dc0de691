/**
 * Node's default heap (about 4 GB here) stops a country-sized import or hierarchy build long
 * before the machine's memory does: a 20 M-node synthetic network died at 4 GB on a 24 GB host.
 * The command line runs such commands again in a child with a heap of a share of the machine's
 * memory, unless it already has one that large (or the user chose one with NODE_OPTIONS).
 */
import { spawnSync } from 'node:child_process';
import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';

/** Heap share of the machine's memory for the big commands: room left for typed arrays and the OS. */
export const HEAP_SHARE = 0.75;

/** The heap flag to run with, or undefined when the current heap is large enough already. */
export function largerHeapFlag(heapLimitBytes: number, totalBytes: number, nodeOptions = ''): string | undefined {
  if (/--max-old-space-size/.test(nodeOptions)) return undefined;
  const wantMb = Math.floor((totalBytes * HEAP_SHARE) / 2 ** 20);
  return heapLimitBytes / 2 ** 20 >= wantMb * 0.9 ? undefined : `--max-old-space-size=${wantMb}`;
}

/** Runs this command again with a larger heap when it needs one; returns only if it does not. */
export function rerunWithLargerHeap(): void {
  const flag = largerHeapFlag(getHeapStatistics().heap_size_limit, totalmem(), process.env.NODE_OPTIONS);
  if (!flag) return;
  const child = spawnSync(process.execPath, [...process.execArgv, flag, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}
