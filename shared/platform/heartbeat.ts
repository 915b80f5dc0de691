import { logger } from './log';

// A lease is only as long as the work it covers, so a worker that dies frees its work one
// renewal window after its last beat, however long the function itself may run. The worker
// renews its lease on this timer while it is alive; a beat never overlaps the one before it.

export interface Heartbeat {
  /** Stops beating; resolves once a beat in flight has settled. */
  stop(): Promise<void>;
}

/**
 * Calls `beat` every `everyMs` until stopped. A failed beat is logged and the next one tries
 * again: the lease's margin outlasts a few lost beats.
 */
export function startHeartbeat(what: string, beat: () => Promise<unknown>, everyMs: number): Heartbeat {
  let inFlight: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = beat()
      .catch((error) => logger.warn(`${what}: lease not renewed; the next beat tries again`, { error }))
      .finally(() => (inFlight = undefined));
  }, everyMs);
  // A beat alone must not keep a finished process alive.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await inFlight;
    },
  };
}
