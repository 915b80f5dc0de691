import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { isLoopback, listeningAddresses } from '../support/listeners';

// DynamoDB Local accepts any credentials: listening beyond the loopback address
// would hand every tenant's data to the network. The emulators here are the ones
// the integration run started (a pair for each worker slot) through the same code as `npm start`.

const portOf = (endpoint: string) => Number(new URL(endpoint).port);

describe('local emulators', () => {
  it.each(
    inject('emulators').flatMap((slot, i) => [
      [`DynamoDB Local of worker slot ${i + 1}`, slot.dynamoEndpoint],
      [`the SQS emulator of worker slot ${i + 1}`, slot.sqsEndpoint],
    ]),
  )('%s listens on the loopback address only', (_name, endpoint) => {
    const addresses = listeningAddresses(portOf(endpoint));
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(isLoopback(address), `bound to ${address}`).toBe(true);
  });

  it('reads a wildcard bind as not loopback', () => {
    expect(isLoopback('0.0.0.0')).toBe(false);
    expect(isLoopback('0:0:0:0:0:0:0:0')).toBe(false);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
  });
});
