import { handler as create } from '../../../functions/monitors/create';
import { handler as remove } from '../../../functions/monitors/delete';
import { handler as get } from '../../../functions/monitors/get';
import { handler as getConfig } from '../../../functions/monitors/get-config';
import { handler as list } from '../../../functions/monitors/list';
import { handler as listEvents } from '../../../functions/monitors/list-events';
import { handler as putConfig } from '../../../functions/monitors/put-config';
import { handler as testWebhook } from '../../../functions/monitors/test-webhook';
import { handler as update } from '../../../functions/monitors/update';
import { invoke, type Result } from '../support/invoke';

// The monitor API through its handlers, as a client calls it.

type Q = Record<string, string | undefined>;
const enc = encodeURIComponent;

export function monitorApi(key: string, prefix = '/skynet') {
  const q = (extra: Q = {}) => ({ key, ...extra });
  const mon = (id: string) => ({ path: `${prefix}/monitor/${enc(id)}`, pathParameters: { id: enc(id) } });
  return {
    create: (body: unknown): Promise<Result> => invoke(create, { method: 'POST', path: `${prefix}/monitor`, query: q(), body }),
    get: (id: string) => invoke(get, { ...mon(id), query: q(), headers: {} }),
    update: (id: string, body: unknown) => invoke(update, { method: 'PUT', ...mon(id), query: q(), body }),
    remove: (id: string) => invoke(remove, { method: 'DELETE', ...mon(id), query: q(), headers: {} }),
    list: (query: Q = {}) => invoke(list, { path: `${prefix}/monitor/list`, query: q(query), headers: {} }),
    events: (assetId: string, query: Q = {}) =>
      invoke(listEvents, {
        path: `${prefix}/asset/${enc(assetId)}/event/list`,
        pathParameters: { id: enc(assetId) },
        query: q(query),
        headers: {},
      }),
    getConfig: () => invoke(getConfig, { path: `${prefix}/config`, query: q(), headers: {} }),
    putConfig: (body: unknown) => invoke(putConfig, { method: 'PUT', path: `${prefix}/config`, query: q(), body }),
    testWebhook: () => invoke(testWebhook, { method: 'POST', path: `${prefix}/config/testwebhook`, query: q(), body: {} }),
  };
}
