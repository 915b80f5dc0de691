import { DynamoGeofenceStore } from '../../../shared/geofence/dynamo-store';
import { geofenceStoreContract } from '../../fixtures/contracts/geofence';

// The same contract as the in-memory store's, on DynamoDB Local.
geofenceStoreContract('DynamoDB Local', () => new DynamoGeofenceStore());
