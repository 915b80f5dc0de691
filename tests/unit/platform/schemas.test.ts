import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handler as createGeofence } from '../../../functions/geofence/create';
import { handler as contain } from '../../../functions/geofence/contain';
import { createGeofenceBody } from '../../../shared/geofence/schemas';
import { attributeFilterMap, attributeMap, queryTimeMs } from '../../../shared/platform/schemas';
import { parseWith } from '../../../shared/platform/validate';

// Schemas are the single source of validation, types and the API document.
describe('schemas', () => {
  it('emit JSON Schema carrying the same rules the handlers enforce', () => {
    const schema = z.toJSONSchema(createGeofenceBody, { io: 'input', unrepresentable: 'any' }) as any;
    expect(schema.required).toEqual(['type']);
    expect(schema.properties.type.enum).toEqual(['circle', 'polygon', 'isochrone']);
    expect(schema.properties.circle.properties.radius.maximum).toBe(50000);
    expect(schema.properties.isochrone.properties.contours_minute.maximum).toBe(40);
    expect(schema.properties.name.maxLength).toBe(256);
  });

  it('are attached to every handler the factory builds', () => {
    expect(createGeofence.operation).toMatchObject({ name: 'geofence.create', service: 'geofence', authenticated: true });
    expect(createGeofence.operation.body).toBe(createGeofenceBody);
    const query = z.toJSONSchema(contain.operation.query!, { io: 'input', unrepresentable: 'any' }) as any;
    expect(query.required).toEqual(['locations']);
  });

  it('tell a wrong type from a missing field, naming the field', () => {
    const schema = z.object({ id: z.number().int(), name: z.string() });
    const failure = (value: unknown) => {
      try {
        parseWith(schema, value, 'body');
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(failure({ id: 'x', name: 'a' })).toBe('id: must be of type number');
    expect(failure({ name: 'a' })).toBe('id: is required');
    expect(failure({ id: 1.5, name: 'a' })).toBe('id: must be an integer');
  });

  it("take attribute maps in the official client's forms: scalar values, and name:value strings in match filters", () => {
    expect(attributeMap.parse({ seats: 3, electric: false, depot: 'n' })).toEqual({ seats: '3', electric: 'false', depot: 'n' });
    expect(attributeMap.safeParse({ nested: { a: 1 } }).success).toBe(false);
    expect(attributeFilterMap.parse('depot:north, seats:3|note:a:b')).toEqual({ depot: 'north', seats: '3', note: 'a:b' });
    expect(attributeFilterMap.parse({ seats: 3 })).toEqual({ seats: '3' });
    expect(attributeFilterMap.safeParse('depot').error?.issues[0].message).toMatch(/name:value/);
    expect(attributeFilterMap.safeParse('a:1,a:2').error?.issues[0].message).toMatch(/twice/);
  });

  it('read query times as seconds or milliseconds by magnitude', () => {
    expect(queryTimeMs.parse('1763000000')).toBe(1_763_000_000_000);
    expect(queryTimeMs.parse('1763000000123')).toBe(1_763_000_000_123);
    expect(queryTimeMs.parse('0')).toBe(0);
  });
});
