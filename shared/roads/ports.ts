/**
 * What the algorithms (isochrones, map matching) need of a loaded network. They take these
 * instead of the Network class, so network.ts can call them without the two importing each other.
 */
import type { LatLon } from '../geo/types';
import type { ContractionHierarchy } from './ch-query';
import type { Searcher, Seed, Weights } from './dijkstra';
import type { RoadGraph } from './graph';
import type { Metric } from './metric';
import type { Phantom } from './spatial';
import type { TurnTopology } from './turn-topology';
import type { TurnWeights } from './turns';
import type { SnappedLocation, TravelOptions } from './types';

export interface MetricEntry {
  /** The metric cache key: what a stored hierarchy must have been built for. */
  key: string;
  metric: Metric;
  /** Length-as-weight array for distance searches (Infinity where cost is Infinity). */
  lengthWeight: Float64Array;
  /** The profile's turn graph and what its turns cost under the options. */
  topo: TurnTopology;
  turns: TurnWeights;
  /** Search weights: fastest (cost minimised) and shortest (metres minimised, turns free unless excluded). */
  byCost: Weights;
  byLength: Weights;
  ch?: ContractionHierarchy;
  /** Routes answered on this metric (counts towards building its hierarchy). */
  routes?: number;
}

/** Hierarchies stored beside the artefact (ch-sidecar.ts), looked up by metric key. */
export interface StoredHierarchies {
  /** A usable stored hierarchy of this metric on a turn graph of this size, else undefined. */
  find(key: string, states: number, transitions: number): ContractionHierarchy | undefined;
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
  /** The shared search on the weights' turn graph. */
  search(W: Weights): Searcher;
  sourceSeeds(ph: Phantom, W: Weights): Seed[];
  targetSeeds(ph: Phantom, W: Weights): Seed[];
  /** Two phantoms on one segment: the travel between them along it, else null. */
  direct(a: Phantom, b: Phantom, W: Weights): { cost: number; dur: number; len: number } | null;
}

/** What an isochrone or a map match runs on. */
export type RoadView = RoadGraphView & SnapIndex & ShortestPaths;
