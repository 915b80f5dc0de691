import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '../platform/config';
import { loadNetwork, NetworkRegistry } from './';

// The road networks this process serves from: every artefact in
// WAYMARK_NETWORK_DIR, loaded on first use and kept for the life of the
// process (Lambda reuses it across invocations).

let registry: NetworkRegistry | undefined;

export function roadNetworks(): NetworkRegistry {
  if (!registry) {
    registry = new NetworkRegistry();
    const dir = config.networkDir();
    if (dir && existsSync(dir)) {
      for (const file of readdirSync(dir).sort()) {
        if (/\.wmrg(\.gz)?$/.test(file)) registry.add(loadNetwork(join(dir, file)));
      }
    }
  }
  return registry;
}
