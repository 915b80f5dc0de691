import { config } from '../../shared/platform/config';
import { PlaceService } from '../../shared/places/service';
import { DynamoPlaceStore } from '../../shared/places/dynamo-store';
import { addressesIn, GeocodeService, streetsOfNetworks } from '../../shared/places/geocode';
import { roadNetworks } from '../../shared/routing/loaded-networks';
import { PostalAreas } from '../../shared/postalcode';
import { poisIn } from '../../shared/discover';

let service: PlaceService | undefined;

/** The multi-geocoding service of this process, built on first use. */
export const places = (): PlaceService => (service ??= new PlaceService(new DynamoPlaceStore(), { maxStaleMs: config.placesMaxStaleMs() }));

/** The address indexes of the imported regions, shared by geocoding and postal codes. */
const addresses = addressesIn(config.networkDir);

let geocodeService: GeocodeService | undefined;

/** The GET geocoding family, sharing the places service's cache of custom places. */
export const geocoder = (): GeocodeService =>
  (geocodeService ??= new GeocodeService(places().cache, {
    streets: streetsOfNetworks(roadNetworks),
    addresses,
  }));

let areas: PostalAreas | undefined;

/** Postal-code areas of the imported regions, built on first use. */
export const postalAreas = (): PostalAreas => (areas ??= new PostalAreas(addresses()));

/** The points of interest of the imported regions, loaded on first use. */
export const pois = poisIn(config.networkDir);
