import { config } from '../../shared/platform/config';
import { PlaceService } from '../../shared/places/service';
import { DynamoPlaceStore } from '../../shared/places/dynamo-store';

let service: PlaceService | undefined;

/** The multi-geocoding service of this process, built on first use. */
export const places = (): PlaceService => (service ??= new PlaceService(new DynamoPlaceStore(), { maxStaleMs: config.placesMaxStaleMs() }));
