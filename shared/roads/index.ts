/**
 * Waymark road engine: public entry point. See shared/roads/README.md.
 */
import { graphFromGeoJSON, type ImportOptions } from './import-geojson';
import { graphFromOsmPbf } from './import-pbf';
import { graphFromOsmXml } from './import-osm-xml';
import { Network } from './network';

export * from './types';
export type { LatLon } from '../geo/types';
export { Network, DIJKSTRA_MATRIX_MAX_SOURCES, SMALL_COMPONENT_NODES } from './network';
export { METRIC_CACHE_SIZE } from './metric-cache';
export type { NetworkMatrixOptions, NetworkRouteOptions } from './network';
export { NetworkRegistry } from './registry';
export { greatCircleMatrix, DETOUR_FACTOR, FALLBACK_SPEED_KMH, FALLBACK_WARNING } from './fallback';
export type { GreatCircleOptions } from './fallback';
export { synthNetwork, type SynthOptions } from './synth';
export {
  loadNetwork,
  saveHierarchy,
  sidecarPath,
  artefactBase,
  type LoadOptions,
  type SidecarEvent,
  saveGraph,
  saveNetwork,
  importFile,
  importPbfStreaming,
  gothenburgSamplePath,
  loadGothenburgSample,
} from './io';
export { serializeGraph, deserializeGraph, ARTEFACT_VERSION } from './artefact';
export { graphFromGeoJSON, graphFromOsmPbf, graphFromOsmXml };
export { parseOsmXml } from './import-osm-xml';
export type { OsmXml } from './import-osm-xml';
export type { ImportOptions, ImportProgress, ImportReport } from './import-report';
export type { CHProgress } from './ch-build';
export { defaultHierarchyThreads } from './ch-threads';
export { SIDECAR_SUFFIX, serializeHierarchy, deserializeHierarchy, type ArtefactId } from './ch-sidecar';
export { formatReport } from './import-report';
export type { GraphData, GraphMeta } from './graph';
export { encodePolyline, decodePolyline } from './polyline';
export { greatCircleMeters as haversine } from '../geo/sphere';
export { DEFAULT_SPEEDS, PROFILE_MAX_SPEED, ROAD_CLASSES, TRAFFIC_FACTORS, AVOID_PENALTY_FACTOR, trafficPeriod } from './profiles';

/** Build a Network from a GeoJSON FeatureCollection of OSM-tagged LineStrings. */
export function buildNetworkFromGeoJSON(obj: unknown, opts: ImportOptions = {}): Network {
  return new Network(graphFromGeoJSON(obj, opts));
}

/** Build a Network from the bytes of an .osm.pbf extract. */
export function buildNetworkFromOsmPbf(bytes: Uint8Array, opts: ImportOptions = {}): Network {
  return new Network(graphFromOsmPbf(bytes, opts));
}

/** Build a Network from the text of an OSM XML (.osm) file. */
export function buildNetworkFromOsmXml(text: string, opts: ImportOptions = {}): Network {
  return new Network(graphFromOsmXml(text, opts));
}
