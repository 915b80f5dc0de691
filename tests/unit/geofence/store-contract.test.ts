import { geofenceStoreContract } from '../../fixtures/contracts/geofence';
import { MemoryGeofenceStore } from '../../fixtures/memory/geofence';

// The in-memory store unit tests use keeps the DynamoDB adapter's contract.
geofenceStoreContract('in memory', () => new MemoryGeofenceStore());
