/**
 * What the algorithms (isochrones, map matching) need of a loaded network. They take these
 * instead of the Network class, so network.ts can call them without the two importing each other.
 */
import type { LatLon } from '../geo/types';
import type { ContractionHierarchy } from './ch-query';
import type { Searcher, Seed } from './dijkstra';
import type { RoadGraph } from './graph';
import type { Metric } from './metric';
import type { Phantom } from './spatial';
import type { SnappedLocation, TravelOptions } from './types';

export interface MetricEntry {
  metric: Metric;
  /** Length-as-weight array for distance searches (Infinity where cost is Infinity). */
  lengthWeight: Float64Array;
  ch?: ContractionHierarchy;
  /** Routes answered on this metric (counts towards building its hierarchy). */
  routes?: number;
}

/** The graph and its per-profile weights. */
export interface RoadGraphView {
  readonly name: string;
  readonly graph: RoadGraph;
  metricFor(o: TravelOptions): MetricEntry;
}

/** Points onto roads. */
export interface SnapIndex {
  /** Throws PointTooFarError past the snap distance. */
  snap(p: LatLon, o: TravelOptions, index: number): Phantom;
  candidates(p: LatLon, o: TravelOptions, radius: number, limit: number): Phantom[];
  snappedLocation(p: LatLon, ph: Phantom, index: number): SnappedLocation;
}

/** Searches between snapped points (phantoms sit inside edges, hence the seeds). */
export interface ShortestPaths {
  search(): Searcher;
  sourceSeeds(ph: Phantom, cost: Float64Array, dur: Float64Array): Seed[];
  targetSeeds(ph: Phantom, cost: Float64Array, dur: Float64Array): Seed[];
  /** Two phantoms on one segment: the travel between them along it, else null. */
  direct(a: Phantom, b: Phantom, cost: Float64Array, dur: Float64Array): { cost: number; dur: number; len: number } | null;
}

/** What an isochrone or a map match runs on. */
export type RoadView = RoadGraphView & SnapIndex & ShortestPaths;
