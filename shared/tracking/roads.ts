import { roadNetworks } from '../routing/loaded-networks';
import type { NetworkRegistry } from '../routing';

// The road networks tracking works on (map matching of histories, driving
// distance and duration ranking of searches): those this process serves
// (shared/routing/loaded-networks.ts), unless a test replaces them.

let override: NetworkRegistry | null | undefined;

/** Replaces the road networks tracking uses (null: none; undefined: back to shared/routing/loaded-networks). */
export function setTrackingRoadNetworks(r: NetworkRegistry | null | undefined): void {
  override = r;
}

export function trackingRoadNetworks(): NetworkRegistry | null {
  return override === undefined ? roadNetworks() : override;
}
