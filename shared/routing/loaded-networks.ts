import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '../platform/config';
import { loadNetwork, NetworkRegistry } from '../roads';

// The road networks this process serves from: every artefact in
// WAYMARK_NETWORK_DIR, loaded on first use and kept for the life of the
// process (Lambda reuses it across invocations). Every feature that routes,
// map-matches or looks up road speed limits reads them through roadNetworks(),
// so one override swaps them for all of them.

let loaded: NetworkRegistry | undefined;
let override: NetworkRegistry | undefined;

function loadFromDir(): NetworkRegistry {
  const registry = new NetworkRegistry();
  const dir = config.networkDir();
  if (dir && existsSync(dir)) {
    for (const file of readdirSync(dir).sort()) {
      if (/\.wmrg(\.gz)?$/.test(file)) registry.add(loadNetwork(join(dir, file)));
    }
  }
  return registry;
}

export function roadNetworks(): NetworkRegistry {
  return override ?? (loaded ??= loadFromDir());
}

/**
 * Serves `registry` instead of the artefacts in WAYMARK_NETWORK_DIR (an empty
 * registry: no road network at all); undefined goes back to the artefacts.
 */
export function setRoadNetworks(registry: NetworkRegistry | undefined): void {
  override = registry;
}
