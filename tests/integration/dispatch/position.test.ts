import { beforeAll, describe, expect, it } from 'vitest';
import { handler as create } from '../../../functions/dispatch/routes-create';
import { handler as position } from '../../../functions/dispatch/routes-position';
import { handler as last } from '../../../functions/tracking/last-location';
import { newOrgKey } from '../support/keys';
import { invoke } from '../support/invoke';

// The driver's position goes through tracking's upload as the route's vehicle, with the route's
// driver token; another route's token cannot report for it.

let key: string;
beforeAll(async () => {
  ({ key } = await newOrgKey());
});

describe('driver position', () => {
  it('reports the phone as the route vehicle through tracking', async () => {
    const T = Math.floor(Date.now() / 1000) + 600;
    const steps = [
      { type: 'start', arrival: T, location: [57.7089, 11.9746] },
      { type: 'end', arrival: T + 600, location: [57.6968, 11.989] },
    ];
    const made = await invoke(create, {
      method: 'POST',
      path: '/fleetify/routes',
      query: { key },
      body: { driver_email: 'a@example.com', steps },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const route = made.body.data;
    const locations = [{ location: { lat: 57.705, lon: 11.975 }, timestamp: Date.now() - 1000, accuracy: 12 }];
    const sent = await invoke(position, {
      method: 'POST',
      path: '/fleetify/routes/{routeID}/position',
      pathParameters: { routeID: route.id },
      query: { key: route.driver_token },
      body: { locations },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.asset_id).toBe(`route-${route.short_id}`);
    const again = await invoke(position, {
      method: 'POST',
      path: '/fleetify/routes/{routeID}/position',
      pathParameters: { routeID: route.id },
      query: { key: route.driver_token },
      body: { locations: [{ ...locations[0], timestamp: Date.now() }] },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const got = await invoke(last, {
      method: 'GET',
      path: '/skynet/asset/{id}/location/last',
      pathParameters: { id: `route-${route.short_id}` },
      query: { key },
    });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(JSON.stringify(got.body)).toContain('57.705');
  });
});
