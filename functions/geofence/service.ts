import { onRoadNetworks } from '../../shared/geofence/isochrone';
import { GeofenceService } from '../../shared/geofence/service';
import { roadNetworks } from '../../shared/roads';
import { DynamoGeofenceStore } from '../../shared/storage/dynamo-geofence-store';

let service: GeofenceService | undefined;

/** The geofence service of this process, built on first use. */
export const geofences = (): GeofenceService =>
  (service ??= new GeofenceService(new DynamoGeofenceStore(), onRoadNetworks(roadNetworks)));
