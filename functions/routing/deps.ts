import { DynamoGeofenceStore } from '../../shared/geofence/dynamo-store';
import { roadNetworks } from '../../shared/routing/loaded-networks';

/** The road networks the routing endpoints serve from (every artefact of WAYMARK_NETWORK_DIR). */
export const networks = roadNetworks;

let store: DynamoGeofenceStore | undefined;

/** The geofence store `avoid=geofence_id:<id>` reads, built on first use (after env is set). */
export const geofences = (): DynamoGeofenceStore => (store ??= new DynamoGeofenceStore());
