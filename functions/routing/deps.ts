import { DynamoGeofenceStore } from '../../shared/geofence/dynamo-store';
import { withAvoidAreas } from '../../shared/routing/avoid-areas';
import { roadNetworks } from '../../shared/routing/loaded-networks';
import type { TravelParams } from '../../shared/routing/params';
import { withRoadEdits } from '../../shared/routing/road-edits';
import { roadEditor } from '../restrictions/deps';

/** The road networks the routing endpoints serve from (every artefact of WAYMARK_NETWORK_DIR). */
export const networks = roadNetworks;

let store: DynamoGeofenceStore | undefined;

/** The geofence store `avoid=geofence_id:<id>` reads, built on first use (after env is set). */
export const geofences = (): DynamoGeofenceStore => (store ??= new DynamoGeofenceStore());

/** The request with what the caller's space adds: its avoided geofences and its road edits. `field` names `avoid` in errors. */
export async function inSpace<P extends TravelParams>(space: string, p: P, field?: string): Promise<P> {
  return withEdits(space, await withAvoidAreas(geofences(), space, p, field));
}

/** The request with the caller's road edits in force at its departure, or now. */
export const withEdits = <P extends TravelParams>(space: string, p: P): Promise<P> =>
  withRoadEdits(roadEditor(), space, p, Math.floor(Date.now() / 1000));
