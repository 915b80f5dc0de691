/**
 * Earth radius used for every great-circle computation (haversine distance, circle
 * containment, circle display polygons, track length, interpolation): the IUGG mean radius
 * R1 = (2a + b) / 3 of WGS84 = 6,371,008.8 m. The spherical model's distance error against the
 * WGS84 ellipsoid is at most about 0.5 % (typically < 0.3 %).
 */
export const EARTH_RADIUS_M = 6_371_008.8;

/** WGS84 ellipsoid. */
export const WGS84_A = 6_378_137;
export const WGS84_F = 1 / 298.257223563;
export const WGS84_E2 = WGS84_F * (2 - WGS84_F);

/** Geofence polygon area limit (exclusive): the area must be < 1,000,000 km2. */
export const MAX_POLYGON_AREA_KM2 = 1_000_000;
/**
 * Most positions a polygon may have (geofences and search polygons). Keeps a stored geofence
 * far below DynamoDB's 400 KB item limit even when its coordinates do not compress, and the
 * validation of the largest polygon in milliseconds.
 */
export const MAX_POLYGON_POSITIONS = 10_000;
/** Circle geofence radius limit (inclusive). */
export const MAX_CIRCLE_RADIUS_M = 50_000;
/** Area limit of tracking bound and polygon searches (inclusive: 3000 km2 is accepted). */
export const MAX_SEARCH_AREA_KM2 = 3000;

export const DEG = Math.PI / 180;
