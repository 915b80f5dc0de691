export { categoryOf, clientCategory, matchesCategory, POI_KEYS, type Category } from './categories';
export { openingHours, weeklyHours, type OpeningHours } from './opening-hours';
export { PoiIndex, type PoiHit, type SearchOptions } from './poi-index';
export { POI_FILE_SUFFIX, POI_FORMAT, readPois, writePois, type PoiRecord } from './pois';
export { poisFromOsmPbf } from './pois-pbf';
export { poiItem, POI_SOURCE, type PoiItem } from './items';
export { browse, BROWSE_RADIUS_M, DEFAULT_LIMIT, discover, MAX_CATEGORIES, PLACE_MIN_SCORE, type DiscoverSources } from './service';
export { browseQuery, discoverQuery, poiItemsResponse } from './schemas';
export { poisIn } from './load';
