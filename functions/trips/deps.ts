import { DynamoGeofenceStore } from '../../shared/geofence/dynamo-store';
import { DynamoTrackingStore } from '../../shared/tracking/dynamo-store';
import { DynamoTripStore } from '../../shared/trips/dynamo-store';
import { TripService } from '../../shared/trips/service';

let service: TripService | undefined;

/** The trip service of this process: trips, and the tracking and geofence stores it reads. */
export const trips = (): TripService =>
  (service ??= new TripService({
    store: new DynamoTripStore(),
    tracking: new DynamoTrackingStore(),
    geofences: new DynamoGeofenceStore(),
    now: () => Date.now(),
  }));
