import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeFirstRequest } from '../platform/cold-start';
import { config } from '../platform/config';
import { logger } from '../platform/log';
import { loadNetwork, NetworkRegistry, type SidecarEvent } from '../roads';
import { fetchPublishedNetworks, networksS3Client } from './published-networks';

// The road networks this process serves from: every artefact in
// WAYMARK_NETWORK_DIR, loaded on first use and kept for the life of the
// process (Lambda reuses it across invocations). Every feature that routes,
// map-matches or looks up road speed limits reads them through roadNetworks(),
// so one override swaps them for all of them.
//
// With WAYMARK_NETWORK_BUCKET set (a deployed stage), the folder is filled from the bucket
// before the function's first request (published-networks.ts) and WAYMARK_NETWORK_DIR pointed
// at it, so the address and POI loaders, which list the same folder, find their files too.

let loaded: NetworkRegistry | undefined;
let override: NetworkRegistry | undefined;

function loadFromDir(): NetworkRegistry {
  const registry = new NetworkRegistry();
  const dir = config.networkDir();
  if (dir && existsSync(dir)) {
    for (const file of readdirSync(dir).sort()) {
      if (/\.wmrg(\.gz)?$/.test(file)) registry.add(loadNetwork(join(dir, file), { onSidecar }));
    }
  }
  return registry;
}

/** A stored hierarchy read, or refused (then built at the metric's first use, as without one). */
function onSidecar(e: SidecarEvent): void {
  if (e.used) logger.info('road network hierarchy read from its sidecar', { path: e.path, ms: e.ms });
  else logger.warn('road network hierarchy sidecar refused: building the hierarchy instead', { path: e.path, reason: e.reason });
}

beforeFirstRequest(async () => {
  const bucket = config.networkBucket();
  if (!bucket) return;
  const dir = config.networkCacheDir();
  const started = Date.now();
  const s3 = networksS3Client(config.s3Endpoint());
  const { fetched, kept, manifest } = await fetchPublishedNetworks(
    s3,
    { bucket, prefix: config.networkPrefix() },
    dir,
    config.networkRegions(),
  );
  process.env.WAYMARK_NETWORK_DIR = dir;
  loaded = undefined;
  const info = { bucket, fetched: fetched.length, kept: kept.length, ms: Date.now() - started };
  if (!manifest) logger.warn('no road networks published to the bucket: routing answers without a road network', info);
  else logger.info('road networks fetched', info);
});

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
