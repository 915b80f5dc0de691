// Wire shapes of the multi-geocoding API. Field names are exactly those the commercial API's
// clients send and read.

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** One item of `place[]`. Only `geopoint` is required (on create). */
export interface PlaceItem {
  geopoint: GeoPoint;
  country?: string;
  state?: string;
  city?: string;
  district?: string;
  subDistrict?: string;
  street?: string;
  postalCode?: string;
  house?: string;
  building?: string;
  poi?: { title?: string };
  address?: string;
}

export type DataSourceStatus = 'enable' | 'disable';

export interface DataSource {
  /** "default" for the built-in dataset, or the name of a custom dataset. */
  source: string;
  refId?: string;
  status: DataSourceStatus;
}

/** A search result: POST /multigeocode/search -> { entities: Entity[] }. */
export interface Entity {
  docId: string;
  place: PlaceItem[];
  dataSource: DataSource;
  score: number;
}

export interface SearchResponse {
  entities: Entity[];
}

/** Raw search body as sent on the wire (validated by parseSearchBody). */
export interface SearchBody {
  query?: unknown;
  at?: unknown;
  limit?: unknown;
  radius?: unknown;
  country?: unknown;
  state?: unknown;
  city?: unknown;
  street?: unknown;
  district?: unknown;
  subDistrict?: unknown;
}

/** Validated search request. */
export interface SearchRequest {
  query: string;
  at?: GeoPoint;
  limit: number;
  /** Metres; requires `at`. */
  radius?: number;
  /** Upper-case ISO 3166 alpha-3 codes. */
  country?: string[];
  state?: string;
  city?: string;
  street?: string;
  district?: string;
  subDistrict?: string;
}

/**
 * A custom place as the service stores it per (organisation, namespace). `score` is the
 * caller's boost in [0, 1] (values above 1 count as 1; absent = 0). See shared/geocoding/README.md#search-pipeline.
 */
export interface CustomPlace {
  docId: string;
  place: PlaceItem[];
  dataSource: DataSource;
  score?: number;
}
