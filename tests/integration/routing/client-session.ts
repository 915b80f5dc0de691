import { loadGothenburgSample, NetworkRegistry, type Network } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { APIError, Client } from '../compat/client';
import { inProcessFetch } from '../compat/in-process';
import { newOrgKey } from '../support/keys';

// The official client on the in-process handlers, with the Gothenburg demo network served to them.

let gothenburg: Network | undefined;

/**
 * The Gothenburg demo network, imported once per process (1.5 s of CPU each time): the routing
 * files that share a worker process (tests/integration/shared-process.ts) share it too. Queries
 * only read a network; nothing here changes one.
 */
export const gothenburgNetwork = (): Network => (gothenburg ??= loadGothenburgSample());

/** Serves the Gothenburg network to the handlers and gives a client with a new key (undo with releaseNetworks). */
export async function gothenburgClient(): Promise<{ client: Client; net: Network }> {
  const net = gothenburgNetwork();
  setRoadNetworks(new NetworkRegistry().add(net));
  const client = new Client({ baseURL: 'http://waymark.test', apiKey: (await newOrgKey()).key, fetch: inProcessFetch, maxRetries: 0 });
  return { client, net };
}

/** Back to the networks of WAYMARK_NETWORK_DIR. */
export const releaseNetworks = () => setRoadNetworks(undefined);

/** The client's error for a request that must be refused. */
export async function refused(request: Promise<unknown>): Promise<APIError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  throw new Error('the request was answered 200');
}
