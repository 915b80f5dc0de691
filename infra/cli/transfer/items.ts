import type { AttributeValue } from '@aws-sdk/client-dynamodb';

// A stored item as one NDJSON line, and back: DynamoDB's own attribute-value form, with binary
// values (the gzipped chunks of requests and results) as base64, so every type survives the
// round trip byte for byte.

export type Item = Record<string, AttributeValue>;

const toB64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const fromB64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

function encode(v: AttributeValue): unknown {
  if (v.B !== undefined) return { B: toB64(v.B) };
  if (v.BS !== undefined) return { BS: v.BS.map(toB64) };
  if (v.L !== undefined) return { L: v.L.map(encode) };
  if (v.M !== undefined) return { M: encodeItem(v.M) };
  return v;
}

function decode(v: Record<string, unknown>): AttributeValue {
  if (typeof v.B === 'string') return { B: fromB64(v.B) };
  if (Array.isArray(v.BS)) return { BS: (v.BS as string[]).map(fromB64) };
  if (Array.isArray(v.L)) return { L: (v.L as Record<string, unknown>[]).map(decode) };
  if (v.M && typeof v.M === 'object') return { M: decodeItem(v.M as Record<string, Record<string, unknown>>) };
  return v as unknown as AttributeValue;
}

function encodeItem(item: Item): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, encode(v)]));
}

function decodeItem(json: Record<string, Record<string, unknown>>): Item {
  return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, decode(v)]));
}

export const itemToLine = (item: Item): string => JSON.stringify(encodeItem(item));
export const lineToItem = (line: string): Item => decodeItem(JSON.parse(line) as Record<string, Record<string, unknown>>);
