import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../infra/local/ports';

// The local stack waits for its emulators; one that died must end the wait at
// once with its reason, not after the whole timeout.

describe('waiting for a local service', () => {
  it('returns once the probe answers', async () => {
    let calls = 0;
    await waitFor('svc', async () => ++calls >= 2, 10_000);
    expect(calls).toBe(2);
  });

  it('gives up at once when the process has exited, without waiting out the timeout', async () => {
    let calls = 0;
    const probe = async () => {
      calls++;
      throw new Error('connection refused');
    };
    let exited = false;
    setTimeout(() => (exited = true), 200);
    await expect(waitFor('DynamoDB Local', probe, 600_000, () => exited)).rejects.toThrow('DynamoDB Local exited before it became ready');
    expect(calls).toBeGreaterThan(0);
  });

  it('names the service when the timeout passes', async () => {
    await expect(waitFor('the HTTP API', async () => false, 300)).rejects.toThrow('the HTTP API did not become ready within 0 s');
  });
});
