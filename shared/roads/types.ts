/** Public types and typed errors of the routing engine. */
import type { LatLon } from '../geo/types';

export type Profile = 'car' | 'truck';

/** Default snap distance in metres: farther points are refused with PointTooFarError. */
export const SNAP_DISTANCE_M = 500;
export const PROFILES: readonly Profile[] = ['car', 'truck'];

/** The road editor's changes in map terms; edits.ts matches them to a network. */
export type LatLonTuple = readonly [number, number];

export interface RoadEdit {
  kind: 'closure' | 'maxspeed' | 'fixedspeed' | 'truck' | 'turn';
  /** The profiles it binds; an edit for other vehicles is dropped before it reaches the engine. */
  profiles: readonly Profile[];
  /** Chains of positions [lat, lon] driven in this order: every road between consecutive positions. */
  chains?: ReadonlyArray<ReadonlyArray<LatLonTuple>>;
  /** Rings of [lon, lat]: every road with a point inside, both ways. */
  area?: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
  /** A turn as the positions of its from, via and to nodes. */
  turn?: readonly [LatLonTuple, LatLonTuple, LatLonTuple];
  /** km/h: the speed (fixedspeed) or the cap (maxspeed). */
  speedKmh?: number;
  /** Largest truck allowed (0 or absent = no limit on that dimension). */
  truck?: TruckSpec;
}

export interface RoadEdits {
  /** Identifies the set (its ids and versions): metrics and turn graphs are cached by it. */
  key: string;
  items: readonly RoadEdit[];
}

export interface BBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/** Truck dimensions as the API gives them: weight in kg, sizes in cm. */
export interface TruckSpec {
  weightKg?: number;
  heightCm?: number;
  widthCm?: number;
  lengthCm?: number;
}

/** The road kinds the graph knows per edge, which AvoidOptions can avoid (soft) or exclude (hard). */
export type RoadKind = 'toll' | 'highway' | 'ferry' | 'serviceRoad' | 'tunnel';

/** Soft avoidances (penalties), hard exclusions of road kinds, and hard exclusion boxes. */
export interface AvoidOptions {
  toll?: boolean;
  highway?: boolean;
  ferry?: boolean;
  /** Service roads (`highway=service`: driveways, parking aisles, alleys), soft like toll. */
  serviceRoad?: boolean;
  /** OSM `tunnel=*` (soft). */
  tunnel?: boolean;
  /** Road kinds not used at all (hard): no route on them, no point snaps to them. */
  exclude?: Partial<Record<RoadKind, boolean>>;
  /** Edges with any end inside one of these boxes are not used (hard). */
  bboxes?: BBox[];
  /** Areas not driven through (hard): GeoJSON Polygon coordinates ([lon, lat] rings, holes after the outer ring). */
  areas?: Array<Array<Array<[number, number]>>>;
}

/** The turn kinds a caller can avoid: u-turns, sharp turns, left and right turns (at junctions). */
export type TurnKind = 'uturn' | 'sharpTurn' | 'leftTurn' | 'rightTurn';

export interface TurnOptions {
  /** Soft: such turns cost a penalty, so they are taken only when nothing reasonable exists. */
  avoid?: Partial<Record<TurnKind, boolean>>;
  /** Hard: such turns are not made at all. */
  exclude?: Partial<Record<TurnKind, boolean>>;
  /** With sharpTurn: the turn angles (degrees, 0 = straight on, 180 = reversing) the vehicle can take; sharper ones count as sharp. */
  sharpTurnAngle?: number;
  /** Seconds a u-turn costs where one may be made (dead ends, turning circles); default 30. */
  uturnPenalty?: number;
}

export interface TravelOptions {
  profile?: Profile;
  truck?: TruckSpec;
  avoid?: AvoidOptions;
  turns?: TurnOptions;
  /** Unix seconds, the departure: selects time-of-day speed factors and which conditional turn restrictions apply (shared/roads/README.md#profiles-and-speeds). */
  trafficTimestamp?: number;
  /** Override the snap distance in metres (default SNAP_DISTANCE_M). */
  maxSnapDistance?: number;
  /**
   * By default points snap to the nearest road of a large strongly connected component
   * (see SMALL_COMPONENT_NODES) when one is within the snap distance, so that a point next to a
   * disconnected fragment still gets finite travel times. true = plain nearest road.
   */
  snapToAnyComponent?: boolean;
  /**
   * Per point (targets continue the numbering after the sources): `curb` arrives and leaves with
   * the point on the driving side (right-hand traffic), on a road that may be driven that way;
   * anything else is unrestricted.
   */
  approaches?: readonly (string | undefined)[];
  /** The caller's own road edits (closures, speeds, truck limits, turn bans): see edits.ts. */
  edits?: RoadEdits;
}

export interface SnappedLocation {
  /** Index of the input point. */
  index: number;
  input: LatLon;
  location: LatLon;
  /** Metres between the input point and the snapped location. */
  distance: number;
}

export interface MatrixResult {
  sourceCount: number;
  targetCount: number;
  /** Row-major seconds, sourceCount x targetCount. Infinity when unreachable. */
  durations: Float64Array;
  /** Row-major metres along the chosen (fastest) path. Infinity when unreachable. */
  distances: Float64Array;
  /** True when computed by the great-circle fallback, not on a road network. */
  fallback: boolean;
  warnings: string[];
  /** Region name used, when on a network. */
  network?: string;
  /** Algorithm actually used: 'ch-buckets' | 'dijkstra' | 'great-circle'. */
  method: string;
}

export interface MatrixOptions extends TravelOptions {
  /** Targets; when omitted, the matrix is square over `points`. */
  targets?: LatLon[];
}

export interface RouteLeg {
  distance: number;
  duration: number;
  /** The leg's geometry as [lat, lon], from its snapped start to its snapped end. */
  coordinates?: Array<[number, number]>;
  /** Per segment of `coordinates` (edges[i] joins coordinates[i] and [i + 1]): the graph edge driven, for names and speed limits. */
  edges?: number[];
}

export interface RouteResult {
  /** Metres. */
  distance: number;
  /** Seconds. */
  duration: number;
  legs: RouteLeg[];
  /** Encoded polyline with the requested precision (5 by default). */
  geometry: string;
  precision: 5 | 6;
  /** Decoded geometry as [lat, lon] pairs. */
  coordinates: Array<[number, number]>;
  snapped: SnappedLocation[];
  network: string;
}

export interface RouteOptions extends TravelOptions {
  /** Polyline precision, 5 (default) or 6. */
  precision?: 5 | 6;
}

export interface IsochroneOptions extends TravelOptions {
  /** Drive time in minutes (wins over meters when both are given). */
  minutes?: number;
  /** Drive distance in metres. */
  meters?: number;
  /** 0..1, default 0.5 (shared/roads/README.md#algorithms). */
  denoise?: number;
  /** H3 resolution override (default chosen from the limit). */
  h3Resolution?: number;
}

export interface GeoJSONPolygon {
  type: 'Polygon';
  coordinates: number[][][];
}

export interface IsochroneResult {
  polygon: GeoJSONPolygon;
  /** Reachable graph nodes (count) inside the limit. */
  reachableNodes: number;
  h3Resolution: number;
  cellCount: number;
  /** Number of disconnected cell groups dropped by denoise or by the single-polygon output. */
  droppedComponents: number;
  network: string;
  origin: SnappedLocation;
}

export interface TracePoint extends LatLon {
  /** Optional Unix seconds, unused by the matcher except for ordering checks. */
  timestamp?: number;
  /** Optional GPS accuracy in metres; used as the emission sigma when given. */
  accuracy?: number;
}

export interface SnappedPoint {
  location: LatLon;
  /** Degrees 0..359 clockwise from north, direction of travel on the matched road. */
  bearing: number;
  /** Metres between the GPS point and the snapped point (integer). */
  distance: number;
  /** Road name, '' when unnamed. */
  name: string;
  originalIndex: number;
}

export interface MapMatchOptions {
  profile?: Profile;
  /** GPS noise standard deviation in metres (default 10). */
  sigma?: number;
  /** Transition scale in metres (default 20). */
  beta?: number;
  /** Candidate search radius in metres (default 50, max the snap distance). */
  searchRadius?: number;
  /** Max candidates per point (default 10). */
  maxCandidates?: number;
}

/** The road segment nearest a point (Network.roadAt). */
export interface RoadAt {
  /** Tagged OSM maxspeed of the way, km/h; undefined when the way has none. */
  maxspeed: number | undefined;
  /** Metres between the point and the segment. */
  distance: number;
  /** The point's perpendicular foot on the segment. */
  location: LatLon;
  /** Road name, '' when unnamed. */
  name: string;
  network: string;
}

/** Default radius of Network.roadAt, metres: GPS noise plus half a wide road, yet short of a parallel street. */
export const ROAD_AT_DISTANCE_M = 30;

export interface MapMatchResult {
  snappedPoints: SnappedPoint[];
  /** Matched path as [lat, lon] pairs. */
  coordinates: Array<[number, number]>;
  /** Metres along the matched path. */
  distance: number;
  /** Indices of input points that could not be matched (too far from any road). */
  unmatched: number[];
  /** Number of HMM breaks (no route between consecutive points); the match restarts. */
  breaks: number;
  network: string;
}

/**
 * Base class of all routing errors; `code` is stable for callers. `status` is
 * the HTTP answer a service gives: valid input the roads cannot serve is 422.
 */
export class RoutingError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, message: string, status = 422) {
    super(message);
    this.name = 'RoutingError';
    this.code = code;
    this.status = status;
  }
}

/** A point is farther from any usable road than the snap distance. */
export class PointTooFarError extends RoutingError {
  /** Index of the point: in `points`, or sourceCount + j for targets[j] of a rectangular matrix. */
  readonly index: number;
  readonly point: LatLon;
  readonly distance: number;
  readonly maxDistance: number;
  constructor(index: number, point: LatLon, distance: number, maxDistance: number) {
    const d = Number.isFinite(distance) ? `${Math.round(distance)} m` : `more than ${maxDistance} m`;
    super(
      'POINT_TOO_FAR',
      `location ${index} (${point.lat},${point.lon}) is ${d} from the nearest road; the snap distance is ${maxDistance} m`,
    );
    this.name = 'PointTooFarError';
    this.index = index;
    this.point = point;
    this.distance = distance;
    this.maxDistance = maxDistance;
  }
}

/** No loaded road network covers the request (callers answer 422). */
export class NoNetworkCoverageError extends RoutingError {
  readonly point?: LatLon;
  constructor(point?: LatLon, what = 'this point') {
    super('NO_NETWORK', `no road network covers ${point ? `${what} (${point.lat},${point.lon})` : what}`);
    this.name = 'NoNetworkCoverageError';
    this.point = point;
  }
}

/** Two snapped points are not connected under the given restrictions. */
export class NoRouteError extends RoutingError {
  constructor(from: number, to: number) {
    super('NO_ROUTE', `no route from location ${from} to location ${to} under the given restrictions`);
    this.name = 'NoRouteError';
  }
}

/** Invalid argument or input file. */
export class RoutingInputError extends RoutingError {
  constructor(message: string) {
    super('INVALID_INPUT', message, 400);
    this.name = 'RoutingInputError';
  }
}
