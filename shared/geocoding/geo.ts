// Distances for ranking and near-duplicate checks: the one great-circle formula of shared/geo.
export { greatCircleMeters as haversineMeters } from '../geo/sphere';
