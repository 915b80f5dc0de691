// The official client's request and response types of the routing operations, written out
// (every response field is optional in the client, as there). The tests build requests with
// these types and read answers through them, so a shape the client cannot express fails to compile.

export interface Location {
  latitude?: number;
  longitude?: number;
}

interface Value {
  value?: number;
}

interface GeoJSONLine {
  type?: string;
  properties?: string;
  geometry?: { type?: string; coordinates?: unknown };
}

export interface DirectionComputeRouteParams {
  origin: string;
  destination: string;
  waypoints?: string;
  mode?: 'car' | 'truck';
  option?: 'fast' | 'flexible';
  alternatives?: boolean;
  altcount?: number;
  approaches?: string;
  avoid?: string;
  bearings?: string;
  geometry?: 'polyline' | 'polyline6' | 'geojson';
  overview?: 'full' | 'simplified' | 'false';
  steps?: boolean;
  departure_time?: number;
  route_type?: 'fastest' | 'shortest';
  /** Hard avoid: toll|ferry|highway|service_road|uturn|sharp_turn|left_turn|right_turn|none, "|"-joined. */
  exclude?: string;
  truck_size?: string;
  truck_weight?: number;
}

export interface DirectionStep {
  distance?: Value;
  duration?: Value;
  geometry?: string;
  geojson?: GeoJSONLine;
  start_location?: Location;
  end_location?: Location;
  maneuver?: { bearing_before?: number; bearing_after?: number; coordinate?: Location; maneuver_type?: string; modifier?: string };
}

export interface DirectionRoute {
  distance?: number;
  duration?: number;
  geometry?: string;
  geojson?: GeoJSONLine;
  start_location?: Location;
  end_location?: Location;
  legs?: Array<{ distance?: Value; duration?: Value; start_location?: Location; end_location?: Location; steps?: DirectionStep[] }>;
}

export interface DirectionComputeRouteResponse {
  status?: string;
  msg?: string;
  route?: DirectionRoute;
}

export interface JsonRetrieveParams {
  origins: string;
  destinations: string;
  mode?: 'car' | 'truck';
  avoid?: string;
  approaches?: string;
  route_failed_prompt?: boolean;
}

export interface JsonRetrieveResponse {
  status?: string;
  msg?: string;
  rows?: Array<{ elements?: Array<{ distance?: number; duration?: number }> }>;
}

export interface IsochroneComputeParams {
  coordinates: string;
  contours_minutes?: number;
  contours_meters?: number;
  contours_colors?: string;
  denoise?: number;
  generalize?: number;
  departure_time?: number;
  mode?: 'car' | 'truck';
  polygons?: boolean;
}

export interface IsochroneComputeResponse {
  status?: string;
  msg?: string;
  type?: string;
  features?: Array<{
    type?: string;
    geometry?: { type?: string; coordinates?: unknown };
    properties?: {
      contour?: number;
      metric?: string;
      color?: string;
      fill?: string;
      fillColor?: string;
      fillOpacity?: number;
      opacity?: number;
    };
  }>;
}

export interface SnapToRoadSnapParams {
  path: string;
  radiuses?: string;
  timestamps?: string;
  geometry?: 'polyline' | 'polyline6' | 'geojson';
  mode?: 'car' | 'truck';
  avoid?: string;
  approaches?: string;
  option?: 'flexible';
  road_info?: 'max_speed';
  tolerate_outlier?: boolean;
}

export interface SnapToRoadSnapResponse {
  status?: string;
  msg?: string;
  distance?: number;
  geometry?: string[];
  geojson?: GeoJSONLine;
  snappedPoints?: Array<{
    location: { latitude: number; longitude: number };
    bearing: number;
    distance: number;
    name: string;
    originalIndex: number;
  }>;
  road_info?: { max_speed?: Array<{ offset?: number; length?: number; value?: number }> };
}

export type AreaListResponse = Array<{ code?: string; name?: string; modes?: string[]; timezone?: number }>;

/** The asynchronous matrix's create body (`mdm.ts`). */
export interface MdmCreateBody {
  origins: string;
  destinations?: string;
  mode?: 'car' | 'truck';
  avoid?: string;
  origins_approach?: 'unrestricted' | 'curb';
  destinations_approach?: 'unrestricted' | 'curb';
}

export interface MdmCreateResponse {
  code?: string;
  task_id?: string;
  message?: string;
  warning?: string[];
}
