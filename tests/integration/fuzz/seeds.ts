import { square } from '../geofence/client';
import type { Request } from './mutate';

// One valid request per operation, naming the things beforeAll created (`ids`). An operation
// without an entry here fails the fuzz suite: give it a seed when you add it.

export interface Ids {
  geofence: string;
  asset: string;
  device: string;
  monitor: string;
  place: string;
  job: string;
  namespace: string;
  matrix: string;
  batch: string;
  trip: string;
  restriction: string;
  template: string;
  route: string;
  step: string;
}

// Points on the Gothenburg demo network the fuzz run loads.
const station = '57.70891,11.97462';
const korsvagen = '57.69680,11.98900';
const haga = '57.69870,11.95630';

const place = {
  place: [
    {
      geopoint: { lat: 57.71, lng: 11.95 },
      country: 'SWE',
      city: 'Göteborg',
      street: 'Hamngatan',
      house: '4',
      poi: { title: 'Fuzz Depot' },
    },
  ],
  dataSource: { source: 'depots', refId: 'd-1', status: 'enable' },
  score: 0.4,
};

const problem = {
  locations: { id: 1, location: ['57.7089,11.9746', '57.7000,11.9600', '57.7200,11.9900'] },
  vehicles: [{ id: 1, start_index: 0, end_index: 0, capacity: [10], metadata: { driver: 'ann' } }],
  jobs: [
    { id: 11, location_index: 1, service: 60, delivery: [2] },
    { id: 12, location_index: 2, service: 60, delivery: [3] },
  ],
  options: { objective: { solving_time_limit: 1 } },
};

type Seed = Omit<Request, 'query'> & { query?: Record<string, string> };

export function seeds(ids: Ids): Record<string, Seed> {
  const none = { pathParameters: {} };
  const asset = { pathParameters: { id: ids.asset } };
  const point = {
    location: { lat: 57.7, lon: 11.9 },
    timestamp: Date.now() - 1000,
    speed: 3,
    bearing: 90,
    altitude: 12,
    meta_data: { a: 1 },
  };
  const monitor = {
    type: 'enter_and_exit',
    name: 'm',
    geofence_config: { geofence_ids: [ids.geofence], dwell_time: 0 },
    match_filter: { include_all_of_attributes: { fleet: 'a' } },
    meta_data: { n: 1 },
  };
  return {
    'GET /console': none,
    'GET /console/{file+}': { pathParameters: { file: 'index.js' } },
    'GET /console/network.geojson': none,
    'POST /multigeocode/search': {
      ...none,
      body: { query: 'Göteborg', at: { lat: 57.7, lng: 11.96 }, limit: 3, radius: '50km', country: 'SWE' },
    },
    'POST /geocode/batch': { ...none, body: { queries: [{ q: 'Göteborg', in: 'countryCode:SWE' }, { query: 'Borås' }] } },
    'POST /multigeocode/place': { ...none, body: place },
    'GET /multigeocode/place/{docId}': { pathParameters: { docId: ids.place } },
    'PUT /multigeocode/place/{docId}': {
      pathParameters: { docId: ids.place },
      body: { ...place, place: [{ ...place.place[0], poi: { title: 'Fuzz Depot Renamed' } }], force: true },
    },
    'DELETE /multigeocode/place/{docId}': { pathParameters: { docId: ids.place } },
    'POST /geofence': {
      ...none,
      body: { type: 'polygon', name: 'fz', tags: ['a'], meta_data: { a: [1, 2] }, polygon: { geojson: square(11.9, 57.7, 0.01) } },
    },
    'POST /geofence/batch': {
      ...none,
      body: {
        geofences: [
          { type: 'circle', circle: { center: { lat: 57.7, lon: 11.9 }, radius: 100 } },
          { type: 'polygon', polygon: { geojson: square(11.9, 57.7, 0.01) } },
        ],
      },
    },
    'GET /geofence/batch': { ...none, query: { ids: ids.geofence } },
    'GET /geofence/list': { ...none, query: { tags: 'a', pn: '1', ps: '10' } },
    'GET /geofence/contain': { ...none, query: { locations: '57.7,11.9|57.71,11.91', geofences: ids.geofence, verbose: 'true' } },
    'GET /geofence/{id}': { pathParameters: { id: ids.geofence } },
    'PUT /geofence/{id}': { pathParameters: { id: ids.geofence }, body: { name: 'renamed', circle: { radius: 200 } } },
    'DELETE /geofence/{id}': { pathParameters: { id: ids.geofence } },
    'DELETE /geofence/batch': { ...none, body: { ids: [ids.geofence] } },
    'POST /skynet/monitor': { ...none, body: monitor },
    'GET /skynet/monitor/list': { ...none, query: { pn: '1', ps: '5', sort: 'created_at:desc' } },
    'GET /skynet/monitor/{id}': { pathParameters: { id: ids.monitor } },
    'PUT /skynet/monitor/{id}': { pathParameters: { id: ids.monitor }, body: { ...monitor, speeding_config: null } },
    'DELETE /skynet/monitor/{id}': { pathParameters: { id: ids.monitor } },
    'GET /skynet/asset/{id}/event/list': { ...asset, query: { start_time: '1700000000', end_time: '1900000000', pn: '1', ps: '10' } },
    'GET /skynet/config': none,
    'PUT /skynet/config': { ...none, body: { webhook: ['https://example.com/hook'] } },
    'POST /skynet/config/testwebhook': { ...none, body: {} },
    'POST /optimization/v2': { ...none, body: problem },
    'GET /optimization/v2/result': { ...none, query: { id: ids.job } },
    'POST /optimization/re_optimization': {
      ...none,
      body: { existing_request_id: ids.job, job_changes: { add: [{ id: 15, location_index: 1, service: 60 }], remove: [11] } },
    },
    'GET /webhooks/secret': none,
    'POST /webhooks/secret/rotate': { ...none, body: {} },
    'POST /namespaced-apikeys': { ...none, query: { namespace: ids.namespace } },
    'DELETE /namespaced-apikeys': { ...none, query: { namespace: ids.namespace, key_to_delete: 'wm_0000' } },
    'GET /health': none,
    'GET /{proxy+}': { pathParameters: { proxy: 'nowhere' } },
    'GET /openapi.json': none,
    'GET /docs': none,
    'GET /docs/{file+}': { pathParameters: { file: 'init.js' } },
    'POST /skynet/asset': {
      ...none,
      body: { custom_id: 'fz-new', name: 'n', attributes: { fleet: 'a', n: 1 }, meta_data: { a: { b: [1] } }, tags: ['t'] },
    },
    'GET /skynet/asset/list': { ...none, query: { include_all_of_attributes: 'fleet:a', sort: 'name:asc', pn: '1', ps: '5' } },
    'GET /skynet/asset/{id}': asset,
    'PUT /skynet/asset/{id}': { ...asset, body: { name: 'x', attributes: { fleet: 'a' }, meta_data: { k: 'v' } } },
    'DELETE /skynet/asset/{id}': asset,
    'PUT /skynet/asset/{id}/attributes': { ...asset, body: { attributes: { color: 'red', n: 2 } } },
    'POST /skynet/asset/{id}/bind': { ...asset, body: { device_id: ids.device } },
    'POST /skynet/asset/{id}/track': { ...asset, body: { device_id: ids.device, locations: [point] } },
    'POST /skynet/subscribe': { ...none, body: { action: 'ASSET_SUBSCRIBE', id: 'fz-sub', params: { id: ids.asset } } },
    'GET /skynet/osmand': {
      ...none,
      query: { id: ids.device, lat: '57.7', lon: '11.9', timestamp: String(Math.floor(Date.now() / 1000) - 2), speed: '3', batt: '80' },
    },
    'GET /skynet/asset/{id}/location/last': asset,
    'GET /skynet/asset/{id}/location/list': {
      ...asset,
      query: { start_time: '1700000000', end_time: '1900000000', geometry_type: 'geojson' },
    },
    'GET /skynet/search/around': {
      ...none,
      query: { center: '57.7,11.9', radius: '1000', sort_by: 'straight_distance', sort_destination: '57.71,11.91' },
    },
    'POST /directions/json': {
      ...none,
      body: { origin: station, destination: korsvagen, waypoints: haga, steps: true, geometry: 'polyline6', alternatives: true },
    },
    'GET /distancematrix/json': { ...none, query: { origins: `${station}|${haga}`, destinations: korsvagen, mode: 'car' } },
    'POST /distancematrix/json': { ...none, body: { origins: `${station}|${haga}`, destinations: korsvagen, departure_time: 1795501800 } },
    'GET /isochrone/json': { ...none, query: { coordinates: station, contours_minutes: '2,4', polygons: 'true', denoise: '0.5' } },
    'GET /snapToRoads/json': { ...none, query: { path: `${station}|${haga}`, interpolate: 'true', road_info: 'max_speed' } },
    'POST /snapToRoads/json': { ...none, body: { path: `${station}|${haga}`, timestamps: '1700000000|1700000100' } },
    'GET /areas': none,
    'GET /directions/json': {
      ...none,
      query: { origin: station, destination: korsvagen, waypoints: haga, steps: 'true', alternatives: 'true' },
    },
    'GET /navigation/json': { ...none, query: { origin: station, destination: korsvagen, waypoints: haga, lang: 'en' } },
    'POST /map/segments': { ...none, body: { bbox: '57.70,11.96,57.71,11.98' } },
    'POST /route_report': { ...none, body: { origin: station, destination: korsvagen } },
    'POST /postalcode': { ...none, body: { postalcode: '41319', country: 'SE' } },
    'GET /discover': { ...none, query: { q: 'cafe', at: station, limit: '5' } },
    'GET /browse': { ...none, query: { at: station, categories: 'restaurant,cafe', limit: '10' } },
    'GET /metrics': none,
    'POST /fleetify/document_templates': {
      ...none,
      body: { name: 'pod', content: [{ label: 'Parcels', type: 'number', validation: { min: 1, max: 5 } }] },
    },
    'GET /fleetify/document_templates': none,
    'GET /fleetify/document_templates/{id}': { pathParameters: { id: ids.template } },
    'PUT /fleetify/document_templates/{id}': { pathParameters: { id: ids.template }, body: { name: 'POD' } },
    'DELETE /fleetify/document_templates/{id}': { pathParameters: { id: ids.template } },
    'POST /fleetify/routes': {
      ...none,
      body: {
        driver_email: 'ana@example.com',
        steps: [
          { type: 'start', arrival: 1_800_000_000, location: [57.7089, 11.9746] },
          { type: 'delivery', arrival: 1_800_000_600, location: [57.6968, 11.989] },
        ],
      },
    },
    'GET /fleetify/routes': none,
    'GET /fleetify/routes/{routeID}': { pathParameters: { routeID: ids.route } },
    'POST /fleetify/routes/{routeID}/redispatch': {
      pathParameters: { routeID: ids.route },
      body: { operations: [{ operation: 'create', data: { type: 'delivery', arrival: 1_800_001_000, location: [57.7, 11.97] } }] },
    },
    'POST /fleetify/routes/{routeID}/steps': {
      pathParameters: { routeID: ids.route },
      body: { type: 'delivery', arrival: 1_800_000_700, location: [57.7, 11.96], position: 1 },
    },
    'PUT /fleetify/routes/{routeID}/steps/{stepID}': {
      pathParameters: { routeID: ids.route, stepID: ids.step },
      body: { arrival: 1_800_000_800, position: 2 },
    },
    'PATCH /fleetify/routes/{routeID}/steps/{stepID}': {
      pathParameters: { routeID: ids.route, stepID: ids.step },
      body: { status: 'completed', mode: 'manual' },
    },
    'DELETE /fleetify/routes/{routeID}/steps/{stepID}': { pathParameters: { routeID: ids.route, stepID: ids.step } },
    'POST /fleetify/routes/{routeID}/position': {
      pathParameters: { routeID: ids.route },
      body: { lat: 57.7, lon: 11.97, timestamp: Date.now() - 1000 },
    },
    'GET /driver': { ...none, query: { token: 'not-a-driver-token' } },
    'POST /restrictions/{restrictionType}': {
      pathParameters: { restrictionType: 'maxspeed' },
      query: { latlon: 'true' },
      body: {
        area: 'gothenburg',
        name: 'zone',
        speed_limit: 30,
        mode: ['4w'],
        geofence: [
          [57.7, 11.97],
          [57.7, 11.98],
          [57.71, 11.98],
          [57.7, 11.97],
        ],
      },
    },
    'GET /restrictions/{id}': { pathParameters: { id: ids.restriction } },
    'PATCH /restrictions/{id}': {
      pathParameters: { id: ids.restriction },
      body: {
        area: 'gothenburg',
        name: 'works',
        direction: 'forward',
        tracks: [
          [11.9746, 57.70891],
          [11.9747, 57.7085],
        ],
        repeat_on: 'Mo-Fr 07:00-09:00',
      },
    },
    'PUT /restrictions/{id}/state': { pathParameters: { id: ids.restriction }, body: { state: 'disabled' } },
    'DELETE /restrictions/{id}': { pathParameters: { id: ids.restriction } },
    'GET /restrictions/list': { ...none, query: { area: 'gothenburg', limit: '10', offset: '0', state: 'enabled' } },
    'GET /restrictions': { ...none, query: { min_lat: '57.6', min_lon: '11.9', max_lat: '57.8', max_lon: '12.1', mode: '4w' } },
    'GET /restrictions_items': {
      ...none,
      query: { min_lat: '57.6', min_lon: '11.9', max_lat: '57.8', max_lon: '12.1', restriction_type: 'closure' },
    },
    'GET /optimization/json': { ...none, query: { coordinates: `${station}|${haga}|${korsvagen}`, roundtrip: 'true' } },
    'POST /optimization/driver-assignment/v1': {
      ...none,
      body: {
        filter: { driving_distance: 10000 },
        orders: [{ id: 'o-1', pickup: { lat: 57.7089, lng: 11.9746 }, dropoff: { lat: 57.6987, lng: 11.9563 } }],
        vehicles: [{ id: 'v-1', location: { lat: 57.7085, lon: 11.9735 } }],
      },
    },
    'POST /mdm/create': { ...none, query: { option: 'flexible' }, body: { origins: `${station}|${haga}`, destinations: korsvagen } },
    'GET /mdm/status': { ...none, query: { id: ids.matrix } },
    'GET /mdm/result': { ...none, query: { id: ids.matrix, part: '0' } },
    'POST /batch': { ...none, body: { requests: [{ query: `/directions/json?origin=${station}&destination=${korsvagen}` }] } },
    'GET /batch': { ...none, query: { track_id: ids.batch } },
    'GET /geocode': { ...none, query: { q: 'Göteborg', at: '57.7,11.97', in: 'countryCode:SWE', limit: '3' } },
    'GET /geocode/structured': { ...none, query: { countryCode: 'SWE', city: 'Göteborg', street: 'Hamngatan', limit: '2' } },
    'GET /revgeocode': { ...none, query: { at: '57.7075,11.967', limit: '3' } },
    'GET /autocomplete': { ...none, query: { q: 'Götebo', at: '57.7,11.97', limit: '5' } },
    'GET /autosuggest': { ...none, query: { q: 'Gotebrog', limit: '5' } },
    'GET /lookup': { ...none, query: { id: ids.place } },
    'POST /geofence/console/preview': {
      ...none,
      body: { type: 'circle', name: 'Depot', circle: { center: { lat: 57.7, lon: 11.97 }, radius: 150 } },
    },
    'GET /geofence/console/search': { ...none, query: { query: 'fz' } },
    'POST /skynet/trip/start': {
      ...none,
      body: { asset_id: ids.asset, custom_id: 'fz-t2', name: 'run', attributes: { fleet: 'a' }, meta_data: { n: 1 }, stops: [] },
    },
    'POST /skynet/trip/end': { ...none, body: { id: ids.trip } },
    'GET /skynet/trip/{id}': { pathParameters: { id: ids.trip } },
    'PUT /skynet/trip/{id}': { pathParameters: { id: ids.trip }, body: { asset_id: ids.asset, description: 'via the harbour' } },
    'GET /skynet/trip/{id}/summary': { pathParameters: { id: ids.trip } },
    'DELETE /skynet/trip/{id}': { pathParameters: { id: ids.trip } },
    'GET /skynet/search/bound': { ...none, query: { bound: '57.69,11.89|57.71,11.91' } },
    'GET /skynet/search/polygon': { ...none, query: { polygon: '57.69,11.89|57.69,11.91|57.71,11.91|57.69,11.89' } },
    'POST /skynet/search/polygon': {
      ...none,
      body: { polygon: square(11.89, 57.69, 0.02), match_filter: { include_all_of_attributes: { fleet: 'a' } } },
    },
  };
}
