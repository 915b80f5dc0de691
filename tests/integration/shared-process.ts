// Integration files that run one after another in one worker process (the integration-shared
// project in vitest.config.ts, `isolate: false`), like the unit files: the worker start and the
// module graph (the AWS SDK, the stores, the handlers) are paid once per worker rather than once
// per file, about 0.9 s of CPU a file (docs/development/tests.md). Each was checked to leave
// nothing behind that a later file in the process could see: it sets no environment variable,
// serves a road network (setRoadNetworks) only until its afterAll gives it back, fakes no timer
// or module, injects no fault, starts no stack or browser and provisions no stage of its own,
// and works in organisations of its own (newOrgKey). The routing files import the Gothenburg
// demo network once per process (gothenburgNetwork in routing/client-session.ts). A file that does any of these stays in the isolated integration project; so do
// the optimization files (their jobs may still run when the file ends).
export const SHARED_PROCESS_FILES = [
  'tests/integration/auth/store-contract.test.ts',
  'tests/integration/dispatch/position.test.ts',
  'tests/integration/dispatch/store-contract.test.ts',
  'tests/integration/e2e/loopback.test.ts',
  'tests/integration/faults/relay-keys.test.ts',
  'tests/integration/geocoding/openapi.test.ts',
  'tests/integration/geofence/console.test.ts',
  'tests/integration/geofence/openapi.test.ts',
  'tests/integration/geofence/store-contract.test.ts',
  'tests/integration/limits/storage.test.ts',
  'tests/integration/monitors/burst.test.ts',
  'tests/integration/monitors/events.test.ts',
  'tests/integration/monitors/freshness.test.ts',
  'tests/integration/monitors/openapi.test.ts',
  'tests/integration/monitors/roaming.test.ts',
  'tests/integration/monitors/store-contract.test.ts',
  'tests/integration/places/store-contract.test.ts',
  'tests/integration/platform/job-store-contract.test.ts',
  'tests/integration/platform/webhook-secret-store-contract.test.ts',
  'tests/integration/ratelimit/store-contract.test.ts',
  'tests/integration/road-editor/store-contract.test.ts',
  'tests/integration/routing/avoid-geofence.test.ts',
  'tests/integration/routing/batch.test.ts',
  'tests/integration/routing/client-shapes.test.ts',
  'tests/integration/routing/directions-get.test.ts',
  'tests/integration/routing/driver-assignment.test.ts',
  'tests/integration/routing/map-segments.test.ts',
  'tests/integration/routing/mdm.test.ts',
  'tests/integration/routing/navigation.test.ts',
  'tests/integration/routing/optimization-v1.test.ts',
  'tests/integration/routing/route-report.test.ts',
  'tests/integration/tracking/durability.test.ts',
  'tests/integration/tracking/index-resolution.test.ts',
  'tests/integration/tracking/legacy-data.test.ts',
  'tests/integration/tracking/list-paging.test.ts',
  'tests/integration/tracking/openapi.test.ts',
  'tests/integration/tracking/osmand.test.ts',
  'tests/integration/tracking/search.test.ts',
  'tests/integration/tracking/store-contract.test.ts',
  'tests/integration/trips/asset-purge.test.ts',
  'tests/integration/trips/openapi.test.ts',
  'tests/integration/trips/store-contract.test.ts',
];
