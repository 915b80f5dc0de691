import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from '../../../shared/platform/heartbeat';

afterEach(() => vi.useRealTimers());

describe('startHeartbeat', () => {
  it('beats on its period until stopped, never two beats at once, and waits for the one in flight', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let beats = 0;
    let release: () => void = () => undefined;
    const beat = () => {
      beats++;
      running++;
      most = Math.max(most, running);
      return new Promise<void>((done) => (release = done)).finally(() => running--);
    };
    const hb = startHeartbeat('test', beat, 1000);
    await vi.advanceTimersByTimeAsync(3500); // the first beat is still in flight: the next two are skipped
    expect(beats).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(beats).toBe(2);
    const stopped = hb.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    release();
    await stopped;
    await vi.advanceTimersByTimeAsync(5000);
    expect(beats).toBe(2);
    expect(most).toBe(1);
  });

  it('a failed beat does not stop the next', async () => {
    vi.useFakeTimers();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let beats = 0;
    const hb = startHeartbeat('test', () => (beats++ === 0 ? Promise.reject(new Error('throttled')) : Promise.resolve()), 1000);
    await vi.advanceTimersByTimeAsync(3000);
    await hb.stop();
    expect(beats).toBe(3);
    vi.restoreAllMocks();
  });
});
