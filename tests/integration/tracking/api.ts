import { handler as bindDevice } from '../../../functions/tracking/bind-device';
import { handler as createAsset } from '../../../functions/tracking/create-asset';
import { handler as deleteAsset } from '../../../functions/tracking/delete-asset';
import { handler as getAsset } from '../../../functions/tracking/get-asset';
import { handler as lastLocation } from '../../../functions/tracking/last-location';
import { handler as listAssets } from '../../../functions/tracking/list-assets';
import { handler as listLocations } from '../../../functions/tracking/list-locations';
import { handler as searchAround } from '../../../functions/tracking/search-around';
import { handler as searchBound } from '../../../functions/tracking/search-bound';
import { handler as searchPolygon } from '../../../functions/tracking/search-polygon';
import { handler as searchPolygonBody } from '../../../functions/tracking/search-polygon-body';
import { handler as updateAsset } from '../../../functions/tracking/update-asset';
import { handler as updateAttributes } from '../../../functions/tracking/update-attributes';
import { handler as uploadTrack } from '../../../functions/tracking/upload-track';
import { invoke, type Result } from '../support/invoke';

// The tracking API as a client sees it, through the handlers (API Gateway
// events), with the path id percent-encoded the way clients send it.

type Q = Record<string, string | undefined>;
const enc = encodeURIComponent;

export function trackingApi(key: string, prefix = '/skynet') {
  const q = (extra: Q = {}) => ({ key, ...extra });
  const asset = (id: string, suffix = '') => ({ path: `${prefix}/asset/${enc(id)}${suffix}`, pathParameters: { id: enc(id) } });
  return {
    create: (body: unknown): Promise<Result> => invoke(createAsset, { method: 'POST', path: `${prefix}/asset`, query: q(), body }),
    get: (id: string): Promise<Result> => invoke(getAsset, { method: 'GET', ...asset(id), query: q(), headers: {} }),
    update: (id: string, body: unknown) => invoke(updateAsset, { method: 'PUT', ...asset(id), query: q(), body }),
    attributes: (id: string, attributes: Record<string, string>) =>
      invoke(updateAttributes, { method: 'PUT', ...asset(id, '/attributes'), query: q(), body: { attributes } }),
    bind: (id: string, device_id: string) => invoke(bindDevice, { method: 'POST', ...asset(id, '/bind'), query: q(), body: { device_id } }),
    remove: (id: string) => invoke(deleteAsset, { method: 'DELETE', ...asset(id), query: q(), headers: {} }),
    list: (query: Q = {}) => invoke(listAssets, { method: 'GET', path: `${prefix}/asset/list`, query: q(query), headers: {} }),
    track: (id: string, body: unknown) => invoke(uploadTrack, { method: 'POST', ...asset(id, '/track'), query: q(), body }),
    last: (id: string) => invoke(lastLocation, { method: 'GET', ...asset(id, '/location/last'), query: q(), headers: {} }),
    locations: (id: string, query: Q = {}) =>
      invoke(listLocations, { method: 'GET', ...asset(id, '/location/list'), query: q(query), headers: {} }),
    around: (query: Q) => invoke(searchAround, { method: 'GET', path: `${prefix}/search/around`, query: q(query), headers: {} }),
    bound: (query: Q) => invoke(searchBound, { method: 'GET', path: `${prefix}/search/bound`, query: q(query), headers: {} }),
    polygon: (query: Q) => invoke(searchPolygon, { method: 'GET', path: `${prefix}/search/polygon`, query: q(query), headers: {} }),
    polygonBody: (body: unknown) => invoke(searchPolygonBody, { method: 'POST', path: `${prefix}/search/polygon`, query: q(), body }),
  };
}

export type TrackingApi = ReturnType<typeof trackingApi>;

/** A point `i` steps along a straight line from (lat, lon), `stepM` metres apart (northwards). */
export function pointAt(lat: number, lon: number, i: number, stepM = 50): { lat: number; lon: number } {
  return { lat: lat + (i * stepM) / 111_195, lon };
}
