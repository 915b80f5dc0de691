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
  parentPort!.once('message', (input: CHInput) => {
    const c = contract(input);
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

/** Contracts one part in a new thread, which ends with it. */
function contractInThread(input: CHInput): Promise<Contracted> {
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
    worker.postMessage(shipped);
  });
}

/**
 * Part 0 on the calling thread (reporting progress as if for the whole build), the others in
 * threads of their own.
 */
export function threadedParts(parts: number, onProgress?: (p: CHProgress) => void): PartContractor {
  return (input, index) => {
    if (index > 0) return contractInThread(input);
    // let the threads start before this one is busy
    return new Promise((resolve) =>
      setImmediate(() =>
        resolve(
          contract({
            ...input,
            onProgress: onProgress && ((p) => onProgress({ ...p, done: p.done * parts, total: p.total * parts })),
          }),
        ),
      ),
    );
  };
}
