// Public API of the geocoding library (pure, storage-free). See shared/geocoding/README.md.

export type {
  CustomPlace,
  DataSource,
  DataSourceStatus,
  Entity,
  GeoPoint,
  PlaceItem,
  SearchBody,
  SearchRequest,
  SearchResponse,
} from './types';
export {
  DEFAULT_LIMIT,
  GeocodeValidationError,
  MAX_BATCH_QUERIES,
  MAX_LIMIT,
  MAX_QUERY_LENGTH,
  parseAt,
  parseBatch,
  parseCountries,
  parseLimit,
  parseRadius,
  parseSearchBody,
} from './validate';
export { CustomPlaceIndex, placeTitle, type CountryResolver } from './custom';
export { DefaultIndex, type IndexStats, type SearchWork } from './engine';
export {
  getDefaultIndex,
  isDefaultIndexLoaded,
  OVERRIDE_NAME_SIMILARITY,
  OVERRIDE_RADIUS_METERS,
  search,
  searchBatch,
  searchBody,
  type GeocodeSearchOptions,
} from './search';
export { WEIGHTS } from './rank';
export { haversineMeters } from './geo';
export { foldText } from './format';
export { defaultArtefactPath, loadGazetteer, type Gazetteer } from './gazetteer';
export { canonicalLanguage, toItem, type Item, type ItemOptions } from './items';
export { nearestPlacesOf, placeNumberById } from './places-by-id';
export { defaultEntity } from './results';
export { reverseGeocode, type ReverseRequest, type ReverseResult } from './reverse';
export { structuredGeocode, type StructuredLevel, type StructuredRequest } from './structured';
export { STREET_AT_METERS, STREET_SOURCE, StreetIndex } from './streets';
export {
  ADDRESS_AT_METERS,
  ADDRESS_FILE_SUFFIX,
  ADDRESS_SOURCE,
  AddressIndex,
  loadAddresses,
  writeAddresses,
  type AddressRecord,
} from './addresses';
export { addressesFromOsmPbf } from './addresses-pbf';
