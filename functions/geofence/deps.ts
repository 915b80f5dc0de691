import { onRoadNetworks } from '../../shared/geofence/isochrone';
import { GeofenceService } from '../../shared/geofence/service';
import { roadNetworks } from '../../shared/routing/loaded-networks';
import { DynamoGeofenceStore } from '../../shared/geofence/dynamo-store';

let service: GeofenceService | undefined;

/** The geofence service of this process, built on first use. */
export const geofences = (): GeofenceService => (service ??= new GeofenceService(new DynamoGeofenceStore(), onRoadNetworks(roadNetworks)));
