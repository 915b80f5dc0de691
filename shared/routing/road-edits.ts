import type { RoadEdits } from '../roads/types';
import type { TravelParams } from './params';

// The caller's own road edits (shared/road-editor): the restrictions of its space in force at the
// request's departure, or now, join the request's options. Another space's edits never do.

export interface RoadEditsSource {
  editsFor(space: string, unixSeconds: number): Promise<RoadEdits | undefined>;
}

export async function withRoadEdits<P extends TravelParams>(source: RoadEditsSource, space: string, p: P, nowSeconds: number): Promise<P> {
  const edits = await source.editsFor(space, p.departure_time ?? nowSeconds);
  return edits ? { ...p, road_edits: edits } : p;
}
