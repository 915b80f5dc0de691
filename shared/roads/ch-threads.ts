/**
 * Parts of a partitioned hierarchy build (ch-parallel.ts) contracted in worker threads. One module
 * is both sides: a thread loads this very file and contracts the one part it is sent.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { threadEntry } from '../platform/thread-entry';
import { contract, type CHInput, type CHProgress, type Contracted } from './ch-build';
import type { PartContractor } from './ch-parallel';

const THREAD_MARK = 'waymarkHierarchyThread';

/** Parts worth cutting on this machine: one per core, at most 8. */
export function defaultHierarchyThreads(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[THREAD_MARK]) {
  parentPort!.once('message', ({ input, progress, slot }: { input: CHInput; progress: Int32Array; slot: number }) => {
    // what it has done, where the calling thread's progress report reads it (no message needed)
    const c = contract({
      ...input,
      onProgress: (p) => {
        Atomics.store(progress, 2 * slot, p.done);
        Atomics.store(progress, 2 * slot + 1, p.shortcuts);
      },
    });
    // the result's buffers move to the caller without a copy (a part's edges are gigabytes at country scale)
    const arrays = [c.rank, c.order, c.eFrom, c.eTo, c.eCost, c.eDur, c.eLen, c.eMid, c.eHops];
    parentPort!.postMessage(c, buffersOf(arrays));
  });
}

/** The distinct ArrayBuffers under some typed arrays (views may share one), for a transfer list. */
function buffersOf(arrays: ArrayLike<number>[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const a of arrays) if (ArrayBuffer.isView(a) && a.buffer instanceof ArrayBuffer) out.add(a.buffer);
  return [...out];
}

/**
 * Contracts one part in a new thread, which ends with it (the part's typed arrays, but its names,
 * move there and are unusable here afterwards), counting its nodes done and shortcuts in progress[2 slot, 2 slot + 1]. */
function contractInThread(input: CHInput, progress: Int32Array, slot: number): Promise<Contracted> {
  const { entry, evaluate } = threadEntry(import.meta.url);
  const worker = new Worker(entry, { eval: evaluate, workerData: { [THREAD_MARK]: true } });
  return new Promise<Contracted>((resolve, reject) => {
    worker.once('message', (c: Contracted) => {
      void worker.terminate();
      resolve(c);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`hierarchy thread exited with code ${code}`)));
    const { onProgress: _, ...shipped } = input;
    // the part's edges move to the thread; its names stay readable here (the caller maps results with them)
    const moved = buffersOf([input.from, input.to, input.cost, input.dur, input.len, input.keep ?? [], input.mid ?? [], input.hops ?? []]);
    const kept = input.names && ArrayBuffer.isView(input.names) ? input.names.buffer : undefined;
    worker.postMessage({ input: shipped, progress, slot }, kept ? moved.filter((b) => b !== kept) : moved);
  });
}

/**
 * Part 0 on the calling thread, the others in threads of their own; onProgress sees all parts'
 * nodes together, from part 0's own reports and, once it is done, every second until the others are.
 */
export function threadedParts(parts: number, onProgress?: (p: CHProgress) => void): PartContractor {
  const progress = new Int32Array(new SharedArrayBuffer(8 * parts));
  const totals = new Array<number>(parts).fill(0);
  const t0 = Date.now();
  const sum = (offset: number) => {
    let x = 0;
    for (let k = 0; k < parts; k++) x += Atomics.load(progress, 2 * k + offset);
    return x;
  };
  const total = () => totals.reduce((a, b) => a + b, 0);
  const report = () => onProgress?.({ done: sum(0), total: total(), shortcuts: sum(1), elapsedMs: Date.now() - t0 });
  return (input, index) => {
    totals[index] = input.nodeCount - (input.keep?.reduce((a, b) => a + b, 0) ?? 0);
    if (index > 0) return contractInThread(input, progress, index);
    // let the threads start before this one is busy
    return new Promise((resolve) =>
      setImmediate(() => {
        const own = contract({
          ...input,
          onProgress: (p) => {
            Atomics.store(progress, 0, p.done);
            Atomics.store(progress, 1, p.shortcuts);
            report();
          },
        });
        const timer = setInterval(() => {
          report();
          if (sum(0) >= total()) clearInterval(timer);
        }, 1000);
        timer.unref();
        resolve(own);
      }),
    );
  };
}
