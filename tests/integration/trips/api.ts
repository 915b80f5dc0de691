import { handler as remove } from '../../../functions/trips/delete';
import { handler as end } from '../../../functions/trips/end';
import { handler as get } from '../../../functions/trips/get';
import { handler as start } from '../../../functions/trips/start';
import { handler as summary } from '../../../functions/trips/summary';
import { handler as update } from '../../../functions/trips/update';
import { invoke } from '../support/invoke';

/** The trip operations through their handlers, as the client calls them (`cluster` included). */
export function tripsApi(key: string, prefix = '/skynet') {
  const query = { key, cluster: 'america' };
  const at = (id: string, suffix = '') => ({
    path: `${prefix}/trip/${encodeURIComponent(id)}${suffix}`,
    pathParameters: { id: encodeURIComponent(id) },
    query,
  });
  return {
    start: (body: unknown) => invoke(start, { method: 'POST', path: `${prefix}/trip/start`, query, body }),
    end: (id: string) => invoke(end, { method: 'POST', path: `${prefix}/trip/end`, query, body: { id } }),
    get: (id: string) => invoke(get, { method: 'GET', ...at(id) }),
    update: (id: string, body: unknown) => invoke(update, { method: 'PUT', ...at(id), body }),
    remove: (id: string) => invoke(remove, { method: 'DELETE', ...at(id) }),
    summary: (id: string) => invoke(summary, { method: 'GET', ...at(id, '/summary') }),
  };
}
