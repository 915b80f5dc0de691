import { roadNetworks } from '../routing/loaded-networks';
import type { MapMatchResult, Profile, TracePoint } from '../roads';
import { NoNetworkCoverageError, PROFILES } from '../roads';

// Map matching of a track (correction mapmatch=1) through the routing engine,
// on the road networks this process serves (shared/routing/loaded-networks.ts); where none
// covers the track, the answer says "not matched" and the track is returned as recorded.

export type MatchOutcome = { matched: true; result: MapMatchResult } | { matched: false; message: string };

export function toProfile(mode: string | undefined): Profile {
  if (mode === undefined || mode === 'auto') return 'car';
  return (PROFILES as readonly string[]).includes(mode) ? (mode as Profile) : 'car';
}

export function matchTrack(trace: TracePoint[], profile: Profile): MatchOutcome {
  if (trace.length < 2) return { matched: false, message: 'the track has fewer than 2 points; nothing to match' };
  const r = roadNetworks();
  if (r.size === 0) return { matched: false, message: 'no road network is loaded; the track is not matched' };
  try {
    const result = r.mapMatch(trace, { profile });
    if (result.snappedPoints.length === 0) {
      return { matched: false, message: 'no point of the track is near a road of the loaded network; the track is not matched' };
    }
    return { matched: true, result };
  } catch (error) {
    if (error instanceof NoNetworkCoverageError) {
      return { matched: false, message: `${error.message}; the track is not matched` };
    }
    throw error;
  }
}
