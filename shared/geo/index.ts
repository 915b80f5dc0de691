/**
 * Waymark GEO library: pure, storage-free geometry for the geofence and live-tracking
 * services. See shared/geo/README.md for the design, conventions and accuracy.
 */
export * from './types';
export * from './errors';
export * from './constants';
export { orient2d, orient2dExact, onSegment, segmentIntersection, type SegmentIntersection } from './predicates';
export * from './sphere';
export { authalicQ, signedRingAreaM2, boxAreaKm2 } from './area';
export { prepareRing, pointInRingXY, pointInPolygonXY, pointInPreparedRing, type PreparedRing } from './ring';
export { findSelfIntersection, type SelfIntersection } from './selfIntersection';
export { normalizePolygonInput, validatePolygon, ringAreaKm2, type PolygonValidationOptions, type ValidatedPolygon } from './polygon';
export * from './circle';
export * from './fences';
export * from './parse';
export * from './polyline';
export * from './h3index';
export * from './geofence';
