import { z } from 'zod';
import { ApiError } from './errors';

// Storage limits every write shares: what a number may be, how deep and large free JSON may be,
// and how big a DynamoDB item is. Everything here walks values with an explicit stack, so input
// nested deeper than the call stack cannot crash the check that is meant to refuse it.

/** Deepest nesting of objects and arrays accepted anywhere in a request body. */
export const MAX_JSON_DEPTH = 32;

/** DynamoDB's item size limit (names and values, as it counts them). */
export const DYNAMO_MAX_ITEM_BYTES = 400 * 1024;
/** DynamoDB's limit on the total size of one transaction. */
export const DYNAMO_MAX_TRANSACTION_BYTES = 4 * 1024 * 1024;

/**
 * Numbers must survive a round trip through DynamoDB and the JavaScript SDK unchanged: DynamoDB
 * stores magnitudes from 1e-130 to below 1e126, and the SDK refuses (on write and on read) any
 * integer past 2^53 - 1, since it could not be read back exactly. The narrower of the two wins.
 */
export const MIN_STORABLE_MAGNITUDE = 1e-130;
export const MAX_STORABLE_MAGNITUDE = Number.MAX_SAFE_INTEGER;

export const STORABLE_NUMBER_RULE = `must be 0 or of magnitude between ${MIN_STORABLE_MAGNITUDE} and ${MAX_STORABLE_MAGNITUDE} (2^53 - 1)`;

export function isStorableNumber(x: number): boolean {
  if (!Number.isFinite(x)) return false;
  const m = Math.abs(x);
  return m === 0 || (m >= MIN_STORABLE_MAGNITUDE && m <= MAX_STORABLE_MAGNITUDE);
}

export interface JsonProblem {
  /** Path below the checked value (object keys and array indexes). */
  path: (string | number)[];
  rule: string;
}

/**
 * Field names no body may use anywhere. Copying `__proto__` by assignment changes an object's
 * prototype instead of adding a field; the DynamoDB SDK decides how to store a map by its
 * `constructor`, so a field of that name makes it refuse the map or store it wrongly.
 */
export const RESERVED_FIELD_NAMES = ['__proto__', 'constructor'] as const;

/** What no request body may hold, found without recursion: nesting deeper than `maxDepth`, or a reserved field name. */
export function bodyShapeProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): string | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return `nests objects and arrays more than ${maxDepth} levels deep`;
    if (!Array.isArray(v)) {
      const reserved = RESERVED_FIELD_NAMES.find((name) => Object.prototype.hasOwnProperty.call(v, name));
      if (reserved) return `has a field named "${reserved}", which is not accepted anywhere in a body`;
    }
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return null;
}

/** UTF-8 length of JSON.stringify(value) (no whitespace), computed without recursion. */
export function jsonBytes(value: unknown): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || v === undefined || typeof v === 'function') total += 4;
    else if (typeof v === 'string') total += Buffer.byteLength(JSON.stringify(v), 'utf8');
    else if (typeof v === 'number' || typeof v === 'boolean') total += String(JSON.stringify(v)).length;
    else if (Array.isArray(v)) {
      total += 2 + Math.max(0, v.length - 1);
      for (const child of v) stack.push(child);
    } else if (typeof v === 'object') {
      const entries = Object.entries(v).filter(([, x]) => x !== undefined && typeof x !== 'function');
      total += 2 + Math.max(0, entries.length - 1);
      for (const [k, child] of entries) {
        total += Buffer.byteLength(JSON.stringify(k), 'utf8') + 1;
        stack.push(child);
      }
    }
  }
  return total;
}

/** The first rule free JSON breaks: nesting, size, or a number storage cannot keep. */
export function freeJsonProblem(value: unknown, limits: { maxBytes: number; maxDepth?: number }): JsonProblem | null {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const stack: Array<{ v: unknown; path: (string | number)[] }> = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'number' && !isStorableNumber(v)) return { path, rule: STORABLE_NUMBER_RULE };
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= maxDepth) return { path, rule: `must not nest objects and arrays more than ${maxDepth} levels deep` };
    const children: Array<[string | number, unknown]> = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ v: children[i][1], path: [...path, children[i][0]] });
  }
  const bytes = jsonBytes(value);
  if (bytes > limits.maxBytes) return { path: [], rule: `must be at most ${limits.maxBytes} bytes as JSON (got ${bytes})` };
  return null;
}

/** A free-form JSON object (meta_data, metadata): bounded in size and depth, every number storable. */
export const freeJsonObject = (maxBytes: number) =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const problem = freeJsonProblem(value, { maxBytes, maxDepth: MAX_JSON_DEPTH - 2 });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.rule, path: problem.path });
  });

/** A number field that is stored as a DynamoDB number. */
export const storableNumber = () => z.number().refine(isStorableNumber, { message: STORABLE_NUMBER_RULE });

/**
 * Size of an item as DynamoDB counts it: attribute names plus values (strings and binaries by
 * length, numbers by about one byte per two significant digits plus one, booleans and nulls one
 * byte, lists and maps three bytes plus one per element plus their contents).
 */
export function dynamoItemBytes(item: Record<string, unknown>): number {
  let total = 0;
  const stack: unknown[] = [];
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined) continue;
    total += Buffer.byteLength(name, 'utf8');
    stack.push(value);
  }
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') total += Buffer.byteLength(v, 'utf8');
    else if (typeof v === 'number') total += numberBytes(v);
    else if (typeof v === 'boolean' || v === null) total += 1;
    else if (v instanceof Uint8Array) total += v.byteLength;
    else if (v instanceof Set) {
      for (const x of v) stack.push(x);
    } else if (Array.isArray(v)) {
      total += 3 + v.length;
      for (const x of v) if (x !== undefined) stack.push(x);
    } else if (typeof v === 'object' && v !== undefined) {
      const entries = Object.entries(v).filter(([, x]) => x !== undefined);
      total += 3 + entries.length;
      for (const [k, x] of entries) {
        total += Buffer.byteLength(k, 'utf8');
        stack.push(x);
      }
    }
  }
  return total;
}

function numberBytes(x: number): number {
  const digits = Math.abs(x)
    .toExponential()
    .replace(/e.*$/, '')
    .replace('.', '')
    .replace(/^0+|0+$/g, '').length;
  return Math.ceil(Math.max(1, digits) / 2) + 1;
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;

/** 413 unless the item fits in DynamoDB; `field` names what made it large. */
export function assertItemFits(item: Record<string, unknown>, field: string): void {
  const bytes = dynamoItemBytes(item);
  if (bytes > DYNAMO_MAX_ITEM_BYTES) {
    throw new ApiError(413, `${field}: would be stored as ${kb(bytes)}; one stored item may take at most ${kb(DYNAMO_MAX_ITEM_BYTES)}`, {
      field,
    });
  }
}

/** 413 unless the items fit in one DynamoDB transaction. */
export function assertTransactionFits(items: readonly Record<string, unknown>[], field: string): void {
  const bytes = items.reduce((sum, item) => sum + dynamoItemBytes(item), 0);
  if (bytes > DYNAMO_MAX_TRANSACTION_BYTES) {
    throw new ApiError(
      413,
      `${field}: would be stored as ${kb(bytes)} in all; one all-or-nothing write may take at most ${kb(DYNAMO_MAX_TRANSACTION_BYTES)}; send fewer or smaller items`,
      { field },
    );
  }
}
