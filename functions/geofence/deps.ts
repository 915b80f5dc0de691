import { onRoadNetworks } from '../../shared/geofence/isochrone';
import { GeofenceService } from '../../shared/geofence/service';
import { roadNetworks } from '../../shared/routing/loaded-networks';
import { DynamoGeofenceStore } from '../../shared/geofence/dynamo-store';
import { DynamoMonitorStore } from '../../shared/monitors/dynamo-store';
import { monitorsWatching } from '../../shared/monitors/service';

let service: GeofenceService | undefined;

/** The geofence service of this process, built on first use. */
export const geofences = (): GeofenceService => {
  if (!service) {
    const monitors = new DynamoMonitorStore();
    // A geofence some monitor watches cannot be deleted (409 naming the monitors).
    const watchers = (space: string, ids: readonly string[]) => monitorsWatching(monitors, space, ids);
    service = new GeofenceService(new DynamoGeofenceStore(), onRoadNetworks(roadNetworks), Date.now, watchers);
  }
  return service;
};
