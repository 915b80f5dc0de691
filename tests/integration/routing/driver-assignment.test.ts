import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/routing/driver-assignment';
import { NetworkRegistry, type Network } from '../../../shared/roads';
import { setRoadNetworks } from '../../../shared/routing/loaded-networks';
import { invoke } from '../support/invoke';
import { newOrgKey } from '../support/keys';
import { call } from '../support/openapi-call';
import { gothenburgNetwork } from './client-session';

// POST /optimization/driver-assignment/v1 through its handler, in the client's shapes, with the
// road network's ETAs as the oracle.

const station = { lat: 57.70891, lon: 11.97462 };
const korsvagen = { lat: 57.6968, lon: 11.989 };
const haga = { lat: 57.6987, lon: 11.9563 };
const lng = (p: { lat: number; lon: number }) => ({ lat: p.lat, lng: p.lon });
const path = '/optimization/driver-assignment/v1';

let net: Network;
let key: string;

beforeAll(async () => {
  net = gothenburgNetwork();
  setRoadNetworks(new NetworkRegistry().add(net));
  ({ key } = await newOrgKey());
});
afterAll(() => setRoadNetworks(undefined));

describe('POST /optimization/driver-assignment/v1', () => {
  it('gives each order its quickest suitable free vehicle, with alternates, drop-offs and the rest left over', async () => {
    const vehicles = [
      { id: 'v-station', location: { lat: 57.7085, lon: 11.9735 }, attributes: { type: 'van', seats: 2 } },
      { id: 'v-korsvagen', location: { lat: 57.6975, lon: 11.9875 }, attributes: { type: 'van', seats: '4' } },
      { id: 'v-haga', location: { lat: 57.699, lon: 11.955 }, attributes: { type: 'truck' } },
      { id: 'v-spare', location: { lat: 57.705, lon: 11.965 }, attributes: { type: 'van' } },
    ];
    const orders = [
      { id: 'o-station', pickup: lng(station), dropoffs: [lng(haga)], service_time: 60 },
      {
        id: 'o-seats',
        pickup: lng(korsvagen),
        vehicle_preferences: { required_all_of_attributes: [{ attribute: 'seats', operator: '>=', value: '3' }] },
      },
      {
        id: 'o-bike',
        pickup: lng(haga),
        vehicle_preferences: { required_any_of_attributes: [{ attribute: 'type', operator: '==', value: 'bike' }] },
      },
    ];
    const body = { filter: { pickup_eta: 1800 }, orders, vehicles, options: { alternate_assignments: 2, dropoff_details: true } };
    const res = await call(handler, key, { method: 'POST', path, body });
    expect(res.status).toBe(200);
    const byOrder = new Map(res.result.trips.map((t: any) => [t.vehicle.steps.find((s: any) => s.type === 'pickup').order_id, t]));
    expect((byOrder.get('o-seats') as any).vehicle.id).toBe('v-korsvagen');
    // At equal priority orders choose in request order: o-station first, from every vehicle.
    const m = net.matrix(
      vehicles.map((v) => v.location),
      { targets: [station], profile: 'car' },
    );
    const quickest = [0, 1, 2, 3].sort((a, b) => m.durations[a] - m.durations[b])[0];
    const stationTrip = byOrder.get('o-station') as any;
    expect(stationTrip.vehicle.id).toBe(vehicles[quickest].id);
    const [pickup, dropoff] = stationTrip.vehicle.steps;
    expect(pickup.eta).toBe(Math.round(m.durations[quickest]));
    expect(dropoff).toMatchObject({ type: 'dropoff', order_id: 'o-station', location: haga });
    expect(dropoff.eta).toBeGreaterThan(pickup.eta + 60);
    expect(res.result.unassigned_orders).toEqual([{ order_id: 'o-bike', unassigned_reason: expect.stringContaining('preferences') }]);
    expect(res.result.available_vehicles).toHaveLength(2);
    const alternates = res.result.alternate_assignments.find((a: any) => a.order_id === 'o-station').assignments;
    expect(alternates).toHaveLength(2);
    expect(alternates.map((a: any) => a.vehicle_id)).not.toContain(stationTrip.vehicle.id);
  });

  it('serves the higher priority first, drives remaining waypoints first, and names what it refuses', async () => {
    const vehicles = [{ id: 'only', location: { lat: 57.7085, lon: 11.9735 }, remaining_waypoints: [{ lat: 57.7, lon: 11.97 }] }];
    const orders = [
      { id: 'near', pickup: lng(station) },
      { id: 'vip', pickup: lng(korsvagen), attributes: { tier: 'gold' } },
    ];
    const options = { order_attribute_priority_mappings: [{ attribute: 'tier', operator: '==', value: 'gold', priority: '5' }] };
    const res = await call(handler, key, {
      method: 'POST',
      path,
      body: { filter: { driving_distance: 10000 }, orders, vehicles, options },
    });
    const [trip] = res.result.trips;
    expect(trip.vehicle.steps.map((s: any) => s.type)).toEqual(['ongoing', 'pickup']);
    expect(trip.vehicle.steps[1]).toMatchObject({ order_id: 'vip' });
    expect(trip.vehicle.steps[1].eta).toBeGreaterThan(trip.vehicle.steps[0].eta);
    expect(res.result.unassigned_orders).toEqual([
      { order_id: 'near', unassigned_reason: expect.stringContaining('assigned to another order') },
    ]);
    expect(res.result.available_vehicles).toBeNull();

    const far = await call(handler, key, { method: 'POST', path, body: { filter: { radius: 50 }, orders, vehicles } });
    expect(far.result.trips).toEqual([]);
    expect(far.result.unassigned_orders.map((u: any) => u.unassigned_reason)).toEqual([
      'no vehicle within the filter',
      'no vehicle within the filter',
    ]);
    const two = await invoke(handler, {
      method: 'POST',
      query: { key },
      body: { filter: { radius: 50, pickup_eta: 60 }, orders, vehicles },
    });
    expect(two.body).toMatchObject({ status: 400, field: 'filter' });
    const twice = await invoke(handler, {
      method: 'POST',
      query: { key },
      body: { filter: { radius: 50 }, orders: [orders[0], orders[0]], vehicles },
    });
    expect(twice.body).toMatchObject({ status: 400, field: 'orders[1].id' });
  });
});
