import { handler as batchCreate } from '../../../functions/geofence/batch-create';
import { handler as batchDelete } from '../../../functions/geofence/batch-delete';
import { handler as contain } from '../../../functions/geofence/contain';
import { handler as create } from '../../../functions/geofence/create';
import { handler as remove } from '../../../functions/geofence/delete';
import { handler as get } from '../../../functions/geofence/get';
import { handler as getMany } from '../../../functions/geofence/get-many';
import { handler as list } from '../../../functions/geofence/list';
import { handler as update } from '../../../functions/geofence/update';
import { invoke } from '../support/invoke';

/** The nine geofence operations, called through their handlers with one key. */
export function geofenceClient(key: string) {
  return {
    create: (body: unknown) => invoke(create, { method: 'POST', path: '/geofence', query: { key }, body }),
    batchCreate: (geofences: unknown[]) =>
      invoke(batchCreate, { method: 'POST', path: '/geofence/batch', query: { key }, body: { geofences } }),
    get: (id: string) => invoke(get, { path: `/geofence/${id}`, query: { key }, pathParameters: { id } }),
    getMany: (ids: string) => invoke(getMany, { path: '/geofence/batch', query: { key, ids } }),
    list: (query: Record<string, string>) => invoke(list, { path: '/geofence/list', query: { key, ...query } }),
    update: (id: string, body: unknown) =>
      invoke(update, { method: 'PUT', path: `/geofence/${id}`, query: { key }, pathParameters: { id }, body }),
    contain: (query: Record<string, string>) => invoke(contain, { path: '/geofence/contain', query: { key, ...query } }),
    remove: (id: string) => invoke(remove, { method: 'DELETE', path: `/geofence/${id}`, query: { key }, pathParameters: { id } }),
    batchRemove: (ids: string[]) => invoke(batchDelete, { method: 'DELETE', path: '/geofence/batch', query: { key }, body: { ids } }),
  };
}

export const square = (lon: number, lat: number, size: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + size, lat],
      [lon + size, lat + size],
      [lon, lat + size],
      [lon, lat],
    ],
  ],
});
