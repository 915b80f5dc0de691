/** OSM way and node tags to access, oneway and flags (shared/roads/README.md#osm-access-rules), as tables. */
import { describe, expect, it } from 'vitest';
import { accessValue, directedAccess, isTunnel, modeAccess, onewayOf, type Access } from '../../../shared/roads/access';
import { barrierPassable, nodeFlagsOf } from '../../../shared/roads/barriers';
import { NODE_BARRIER_CAR, NODE_BARRIER_TRUCK, NODE_UTURN } from '../../../shared/roads/profiles';
import { classifyWay } from '../../../shared/roads/way-attributes';

type Row = [Record<string, string>, [Access, Access], [Access, Access]];

describe('way access per mode and direction', () => {
  const rows: Row[] = [
    [{}, ['yes', 'yes'], ['yes', 'yes']],
    [{ access: 'no' }, ['no', 'no'], ['no', 'no']],
    [{ access: 'no', motor_vehicle: 'yes' }, ['yes', 'yes'], ['yes', 'yes']],
    [{ motor_vehicle: 'no', motorcar: 'yes' }, ['yes', 'yes'], ['no', 'no']],
    [{ vehicle: 'no', hgv: 'designated' }, ['no', 'no'], ['yes', 'yes']],
    [{ goods: 'no' }, ['yes', 'yes'], ['yes', 'yes']],
    [{ hgv: 'delivery' }, ['yes', 'yes'], ['dest', 'dest']],
    [{ access: 'destination' }, ['dest', 'dest'], ['dest', 'dest']],
    [{ motor_vehicle: 'customers' }, ['dest', 'dest'], ['dest', 'dest']],
    [{ access: 'private' }, ['no', 'no'], ['no', 'no']],
    [{ access: 'permit' }, ['no', 'no'], ['no', 'no']],
    [{ motor_vehicle: 'agricultural;forestry' }, ['no', 'no'], ['no', 'no']],
    [{ motorcar: 'discouraged' }, ['yes', 'yes'], ['yes', 'yes']],
    [{ motor_vehicle: 'unknown_value', access: 'no' }, ['no', 'no'], ['no', 'no']],
    [{ 'motor_vehicle:backward': 'no' }, ['yes', 'no'], ['yes', 'no']],
    [{ 'access:forward': 'no', 'motorcar:forward': 'yes' }, ['yes', 'yes'], ['no', 'yes']],
    [{ 'motor_vehicle:forward': 'no', hgv: 'yes' }, ['no', 'yes'], ['yes', 'yes']],
    [{ 'hgv:backward': 'destination' }, ['yes', 'yes'], ['yes', 'dest']],
    [{ oneway: 'yes' }, ['yes', 'no'], ['yes', 'no']],
    [{ oneway: '-1', access: 'destination' }, ['no', 'dest'], ['no', 'dest']],
    [{ oneway: 'reversible' }, ['no', 'no'], ['no', 'no']],
    [{ oneway: 'alternating' }, ['yes', 'yes'], ['yes', 'yes']],
    [{ 'oneway:hgv': 'yes' }, ['yes', 'yes'], ['yes', 'no']],
    [{ oneway: 'yes', 'oneway:motor_vehicle': 'no' }, ['yes', 'yes'], ['yes', 'yes']],
    [{ junction: 'roundabout' }, ['yes', 'no'], ['yes', 'no']],
    [{ highway: 'motorway' }, ['yes', 'no'], ['yes', 'no']],
    [{ highway: 'motorway_link' }, ['yes', 'yes'], ['yes', 'yes']],
  ];
  it.each(rows)('%j', (tags, car, truck) => {
    expect(directedAccess(tags, 'car', 'yes')).toEqual(car);
    expect(directedAccess(tags, 'truck', 'yes')).toEqual(truck);
  });

  it('reads values and lists, leaving unknown values to a less specific key', () => {
    expect(accessValue('yes')).toBe('yes');
    expect(accessValue('delivery')).toBe('dest');
    expect(accessValue('Private')).toBe('no');
    expect(accessValue('foo')).toBeUndefined();
    expect(accessValue('foo;no')).toBe('no');
    expect(modeAccess({ access: 'no', motorcar: 'foo' }, 'car')).toBe('no');
    expect(modeAccess({}, 'truck')).toBeUndefined();
    expect(onewayOf({ oneway: 'reverse' }, 'car')).toBe(-1);
    expect(onewayOf({ oneway: 'no', junction: 'roundabout' }, 'car')).toBe(0);
  });
});

describe('way classification and edge flags', () => {
  const skip: Array<[Record<string, string>, string]> = [
    [{ highway: 'construction', construction: 'primary' }, 'construction'],
    [{ highway: 'proposed' }, 'proposed'],
    [{ highway: 'footway' }, 'highway type not driven'],
    [{ highway: 'residential', area: 'yes' }, 'area'],
    [{ highway: 'residential', vehicle: 'no' }, 'no access'],
    [{ route: 'ferry' }, 'ferry without vehicles'],
    [{ highway: 'service', oneway: 'reversible' }, 'no access'],
  ];
  it.each(skip)('%j is left out: %s', (tags, reason) => expect(classifyWay(tags)).toBe(reason));

  it('keeps tunnels, ferries with vehicles and destination-only roads', () => {
    const tunnel = classifyWay({ highway: 'primary', tunnel: 'yes' });
    expect(typeof tunnel !== 'string' && tunnel.tunnel).toBe(true);
    for (const [t, want] of [
      ['building_passage', true],
      ['avalanche_protector', true],
      ['culvert', false],
      ['no', false],
    ] as const)
      expect(isTunnel({ tunnel: t }), t).toBe(want);
    const ferry = classifyWay({ route: 'ferry', motorcar: 'yes', duration: '00:30' });
    expect(typeof ferry !== 'string' && [ferry.ferry, ferry.speedCar > 0, ferry.speedTruck, ferry.ferryDuration]).toEqual([
      true,
      true,
      0,
      1800,
    ]);
    const dest = classifyWay({ highway: 'residential', motor_vehicle: 'destination', oneway: 'yes' });
    expect(typeof dest !== 'string' && [dest.car, dest.truck, dest.oneway]).toEqual([['dest', 'no'], ['dest', 'no'], 1]);
    expect(classifyWay({ highway: 'residential', construction: 'minor' })).not.toBeTypeOf('string');
  });
});

describe('barrier and turning nodes', () => {
  const rows: Array<[Record<string, string>, boolean, boolean]> = [
    [{}, true, true],
    [{ barrier: 'gate' }, true, true],
    [{ barrier: 'lift_gate' }, true, true],
    [{ barrier: 'toll_booth' }, true, true],
    [{ barrier: 'border_control' }, true, true],
    [{ barrier: 'bollard' }, false, false],
    [{ barrier: 'bollard', motor_vehicle: 'yes' }, true, true],
    [{ barrier: 'bollard', motorcar: 'yes' }, true, false],
    [{ barrier: 'block' }, false, false],
    [{ barrier: 'cycle_barrier', hgv: 'yes' }, false, true],
    [{ barrier: 'chain' }, false, false],
    [{ barrier: 'kerb' }, false, false],
    [{ barrier: 'kerb', kerb: 'flush' }, true, true],
    [{ barrier: 'gate', access: 'private' }, false, false],
    [{ barrier: 'gate', access: 'destination' }, true, true],
    [{ barrier: 'gate', locked: 'yes' }, false, false],
    [{ barrier: 'swing_gate', hgv: 'no' }, true, false],
    [{ barrier: 'something_new' }, true, true],
  ];
  it.each(rows)('%j', (tags, car, truck) => {
    expect(barrierPassable(tags, 'car')).toBe(car);
    expect(barrierPassable(tags, 'truck')).toBe(truck);
    expect(nodeFlagsOf(tags)).toBe((car ? 0 : NODE_BARRIER_CAR) | (truck ? 0 : NODE_BARRIER_TRUCK));
  });

  it('flags turning places', () => {
    for (const hw of ['turning_circle', 'turning_loop', 'mini_roundabout']) expect(nodeFlagsOf({ highway: hw })).toBe(NODE_UTURN);
    expect(nodeFlagsOf({ highway: 'traffic_signals' })).toBe(0);
  });
});
