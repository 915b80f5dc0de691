import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Item } from './items';

// Which stored items are a space's, and how they move to another space. Every key of a space's
// data holds the space ("<org>|<namespace>") as one whole '#'-separated segment of its partition
// key (and of a few other keys: index keys, the job's `space`), so an item belongs to a space when
// one of its partition key's segments is the space, and moving it replaces that segment wherever
// it appears. A namespace's space is never a segment of its organisation's (the '|' part differs).

/**
 * Tables left out: request counters and live-channel connections (transient; a connection's
 * count item is keyed by its API key's hash), webhook signing secrets (secrets). Keys are
 * exported as metadata only.
 */
export const EXCLUDED_TABLES = new Set(['ratelimits', 'webhooks', 'live']);
export const KEYS_TABLE = 'keys';

/** Attributes of a key item that are, or stand for, the secret: never exported. */
export const KEY_SECRET_FIELDS = ['pk', 'key_hash', 'hash', 'secret'];

const segments = (s: string) => s.split('#');

export function inSpace(item: Item, space: string): boolean {
  const pk = item.pk?.S;
  return pk !== undefined && segments(pk).includes(space);
}

/** A scan filter that keeps most other spaces' items on the server (inSpace decides). */
export function spaceFilter(space: string) {
  return {
    FilterExpression: 'pk = :s OR begins_with(pk, :sh) OR contains(pk, :hsh) OR contains(pk, :hs)',
    ExpressionAttributeValues: { ':s': { S: space }, ':sh': { S: `${space}#` }, ':hsh': { S: `#${space}#` }, ':hs': { S: `#${space}` } },
  };
}

function remapString(s: string, from: string, to: string): string {
  if (!s.includes(from)) return s;
  return segments(s)
    .map((seg) => (seg === from ? to : seg))
    .join('#');
}

function remapValue(v: AttributeValue, from: string, to: string): AttributeValue {
  if (v.S !== undefined) return { S: remapString(v.S, from, to) };
  if (v.M !== undefined) return { M: remapItem(v.M, from, to) };
  if (v.L !== undefined) return { L: v.L.map((x) => remapValue(x, from, to)) };
  return v;
}

/** The item moved from space `from` to `to` (an unchanged copy when they are the same). */
export function remapItem(item: Item, from: string, to: string): Item {
  if (from === to) return item;
  return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, remapValue(v, from, to)]));
}
