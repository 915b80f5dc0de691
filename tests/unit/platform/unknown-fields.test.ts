import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { unknownFields } from '../../../shared/platform/unknown-fields';

const schema = z.looseObject({
  name: z.string(),
  items: z
    .array(
      z.looseObject({
        id: z.union([z.number(), z.string()]),
        where: z.union([z.string(), z.looseObject({ lat: z.number() })]).optional(),
      }),
    )
    .optional(),
  pair: z.tuple([z.looseObject({ a: z.number() }), z.number()]).optional(),
  byName: z.record(z.string(), z.looseObject({ mode: z.string() })).optional(),
  anything: z.unknown().optional(),
  either: z.union([z.array(z.looseObject({ x: z.number() })), z.looseObject({ x: z.number() })]).optional(),
});

describe('unknownFields', () => {
  it('lists the undeclared keys at every depth, through arrays, tuples, records, unions and optionals', () => {
    const value = schema.parse({
      name: 'n',
      extra: 1,
      items: [
        { id: 1, note: 'x' },
        { id: 'b', where: { lat: 1, lon: 2 } },
        { id: 3, where: 'here' },
      ],
      pair: [{ a: 1, b: 2 }, 5],
      byName: { van: { mode: 'car', speed: 3 } },
      anything: { free: { form: true } },
      either: { x: 1, y: 2 },
    });
    const expected = ['extra', 'items[0].note', 'items[1].where.lon', 'pair[0].b', 'byName.van.speed', 'either.y'];
    expect(unknownFields(schema, value).sort()).toEqual(expected.sort());
  });

  it('finds nothing in a value that only uses declared keys; an undefined key is no field', () => {
    expect(unknownFields(schema, { name: 'n', items: [{ id: 1 }], either: [{ x: 1 }], ghost: undefined })).toEqual([]);
  });

  it('sees nothing a stripping object already dropped', () => {
    const strip = z.object({ a: z.number() });
    expect(unknownFields(strip, strip.parse({ a: 1, b: 2 }))).toEqual([]);
  });
});
