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

type Shipped = Omit<Contracted, 'eFrom' | 'eTo' | 'eCost' | 'eDur' | 'eLen' | 'eMid' | 'eHops'> &
  Record<'eFrom' | 'eTo', Uint32Array> &
  Record<'eCost' | 'eDur' | 'eLen', Float64Array> &
  Record<'eMid' | 'eHops', Int32Array>;

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
    // typed arrays move to the caller without a copy; plain arrays would be cloned
    const out: Shipped = {
      ...c,
      eFrom: Uint32Array.from(c.eFrom),
      eTo: Uint32Array.from(c.eTo),
      eCost: Float64Array.from(c.eCost),
      eDur: Float64Array.from(c.eDur),
      eLen: Float64Array.from(c.eLen),
      eMid: Int32Array.from(c.eMid),
      eHops: Int32Array.from(c.eHops),
    };
    const buffers = [out.rank, out.order, out.eFrom, out.eTo, out.eCost, out.eDur, out.eLen, out.eMid, out.eHops].map(
      (a) => a.buffer as ArrayBuffer,
    );
    parentPort!.postMessage(out, buffers);
  });
}

/** Contracts one part in a new thread, which ends with it, counting its nodes done and shortcuts in progress[2 slot, 2 slot + 1]. */
function contractInThread(input: CHInput, progress: Int32Array, slot: number): Promise<Contracted> {
  const { entry, evaluate } = threadEntry(import.meta.url);
  const worker = new Worker(entry, { eval: evaluate, workerData: { [THREAD_MARK]: true } });
  return new Promise<Contracted>((resolve, reject) => {
    worker.once('message', (c: Shipped) => {
      void worker.terminate();
      resolve(c);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`hierarchy thread exited with code ${code}`)));
    const { onProgress: _, ...shipped } = input;
    worker.postMessage({ input: shipped, progress, slot });
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
