export { foldPostcode, PostalAreas, type PostalArea, type PostcodeSource, type RegionCoverage } from './areas';
export { POSTCODE_AT_METERS, postalCode } from './service';
export { MAX_POSTCODE_LENGTH, postalcodeBody, postalcodeResponse, type PostalcodeRequest, type PostalcodeResponse } from './schemas';
