// The request and response shapes the official TypeScript client's type
// definitions give the operations Waymark shares with it (as summarised in
// docs/api/clients.md), written out so the compatibility suite sends
// exactly what the client can send and reads responses the way its types do.
// Response fields are optional, as in the client.

export type Unknown = unknown;

export interface Page {
  hasmore?: boolean;
  page?: number;
  size?: number;
  total?: number;
}
export interface Envelope<D> {
  status?: string;
  message?: string;
  data?: D;
}

// Geofence
export interface GeofenceUpdate {
  name?: string;
  tags?: string[];
  type?: 'circle' | 'polygon' | 'isochrone';
  circle?: { center?: { lat?: number; lon?: number }; radius?: number };
  isochrone?: { coordinates?: string; contours_minute?: number; contours_meter?: number; denoise?: number; mode?: string };
  polygon?: { geojson?: { geometry?: { type: string; coordinates: number[][][] } } };
}

// Namespaced keys
export interface NamespacedKeyCreated {
  status?: number;
  result?: { apikey?: string; created_at?: number; expires_at?: number; namespace?: string; sub_id?: string | number };
}

// Tracking
export interface TrackLocation {
  location?: { lat?: number; lon?: number };
  timestamp?: number;
  accuracy?: number;
  altitude?: number;
  battery_level?: number;
  bearing?: number;
  speed?: number;
  meta_data?: Unknown;
  tracking_mode?: string;
}
export interface AssetCreate {
  custom_id?: string;
  name?: string;
  description?: string;
  attributes?: Unknown;
  meta_data?: Unknown;
  tags?: string[];
}
export interface AssetDetails {
  id?: string;
  attributes?: Unknown;
  created_at?: number;
  description?: string;
  device_id?: string;
  latest_location?: TrackLocation;
  meta_data?: Unknown;
  name?: string;
  state?: string;
  tags?: string[];
  tracked_at?: number;
  updated_at?: number;
}
export interface AssetTrack {
  device_id: string;
  /** One object in the client's type (an array is accepted too). */
  locations: TrackLocation & { location: { lat: number; lon: number }; timestamp: number };
}
export interface LocationList {
  distance?: number;
  geojson?: { type?: string; geometry?: { type?: string; coordinates?: unknown } };
  geometry?: string[];
  list?: TrackLocation[];
  page?: Page;
  snapped_points?: Array<{
    bearing?: unknown;
    distance?: number;
    location?: { lat?: number; lon?: number };
    name?: string;
    originalIndex?: unknown;
  }>;
}
export interface SearchAsset {
  id?: string;
  name?: string;
  tags?: string[];
  latest_location?: TrackLocation;
  ranking_info?: { distance?: number; duration?: number; index?: number };
}
export type SearchResult = Envelope<{ assets?: SearchAsset[]; page?: Page }>;
export interface PolygonSearchBody {
  polygon: { type: string; coordinates: number[] };
  filter?: string;
  match_filter?: { include_all_of_attributes?: string; include_any_of_attributes?: string };
  max_search_limit?: boolean;
  pn?: number;
  ps?: number;
  sort?: {
    sort_by?: 'distance' | 'duration' | 'straight_distance';
    sort_destination?: { lat: number; lon: number };
    sort_driving_mode?: 'car' | 'truck';
  };
}

// Monitors, events, webhook config
export interface MonitorCreate {
  type: 'enter' | 'exit' | 'enter_and_exit' | 'speeding' | 'idle';
  tags: string[];
  custom_id?: string;
  name?: string;
  description?: string;
  geofence_config?: { geofence_ids: string[] };
  geofence_ids?: string[];
  idle_config?: { distance_tolerance: number; time_tolerance?: number };
  match_filter?: { include_all_of_attributes?: Unknown; include_any_of_attributes?: Unknown };
  meta_data?: Unknown;
  speeding_config?: { customer_speed_limit?: number; time_tolerance?: number; use_admin_speed_limit?: boolean };
}
export interface MonitorUpdate extends Partial<Omit<MonitorCreate, 'speeding_config'>> {
  /** A string in the client's update type. */
  speeding_config?: { customer_speed_limit?: string; time_tolerance?: number; use_admin_speed_limit?: boolean };
}
export interface Monitor {
  id?: string;
  type?: string;
  name?: string;
  tags?: string[];
  geofences?: string[];
  geofence_config?: { geofence_ids?: string[] };
  match_filter?: { include_all_of_attributes?: Unknown; include_any_of_attributes?: Unknown };
  speeding_config?: { customer_speed_limit?: number; time_tolerance?: number; use_admin_speed_limit?: boolean };
  created_at?: number;
  updated_at?: number;
}
export interface EventLocation {
  bearing?: number;
  location?: { lat?: number; lon?: number };
  meta_data?: Unknown;
  speed?: number;
  timestamp?: number;
}
export interface Event {
  asset_id?: string;
  event_type?: 'enter' | 'exit' | 'speeding' | 'idle';
  extra?: Unknown;
  geofence_id?: string;
  monitor_id?: string;
  monitor_tags?: string[];
  prev_location?: EventLocation;
  timestamp?: number;
  triggered_location?: EventLocation;
  triggered_timestamp?: number;
}
export type ConfigList = Envelope<{ config?: { webhook?: string[] } }>;

// Multigeocode and geocode batch
export interface PlaceItem {
  address?: string;
  building?: string;
  city?: string;
  country?: string;
  district?: string;
  geopoint?: { lat?: number; lng?: number };
  house?: string;
  poi?: { title?: string };
  postalCode?: string;
  state?: string;
  street?: string;
  subDistrict?: string;
}
export interface DataSource {
  refId?: string;
  source?: string;
  status?: 'enable' | 'disable';
}
export interface PlaceRetrieve {
  dataSorce?: DataSource;
  docId?: string;
  place?: PlaceItem[];
  score?: number;
}
export interface StatusMsg {
  msg?: string;
  status?: string | number;
}
export interface GeocodeQuery {
  q: string;
  at?: string;
  in?: string;
  lang?: string;
  limit?: number;
}
export interface GeocodeBatchItem {
  id?: string;
  title?: string;
  address?: { countryCode?: string; countryName?: string; city?: string; state?: string; label?: string };
  position?: { lat?: string; lng?: string };
  access?: { lat?: number; lng?: number };
  distance?: number;
  scoring?: { queryScore?: number; fieldScore?: Unknown };
}
export interface GeocodeBatch {
  items?: GeocodeBatchItem[];
}
