import { z } from 'zod';

// Building blocks shared by every service schema. Query values always arrive
// as strings; these parse them into typed values with rule-naming messages.

/** String query parameters carry at most 256 characters. */
export const MAX_QUERY_VALUE_LENGTH = 256;

export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** Comma-separated list (clients send arrays comma-joined). */
export const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0),
);

/**
 * A time query parameter: 13-digit Unix milliseconds, or Unix seconds (up to
 * 11 digits), told apart by magnitude and returned in milliseconds.
 */
export const queryTimeMs = queryInt(0, 9_999_999_999_999).transform((v) => (v < 100_000_000_000 ? v * 1000 : v));

export const pagination = {
  pn: queryInt(1, 1_000_000).optional(),
  ps: queryInt(1, 100).optional(),
};

export const identifier = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, "-" and "_"');

/** Attributes are string to string: numbers and booleans (which the client's types allow) are kept in their string form. */
const attributeScalars = (v: unknown): unknown =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'number' || typeof x === 'boolean' ? String(x) : x]))
    : v;

export const MAX_ATTRIBUTES = 100;

/** An attribute map: at most 100 names of up to 128 characters, values up to 1024. */
export const attributeMap = z.preprocess(
  attributeScalars,
  z
    .record(z.string().min(1).max(128), z.string().max(1024))
    .refine((a) => Object.keys(a).length <= MAX_ATTRIBUTES, { message: `must have at most ${MAX_ATTRIBUTES} attributes` }),
);

/**
 * The attribute lists of a body's match_filter: an object of name to value, or
 * the client's string form "name:value,name:value" (`|` also separates pairs).
 * A name may appear once.
 */
export const attributeFilterMap = z.preprocess((v, ctx) => {
  if (typeof v !== 'string') return v;
  const out: Record<string, string> = {};
  for (const part of v.split(/[,|]/)) {
    if (!part.trim()) continue;
    const at = part.indexOf(':');
    const name = part.slice(0, at).trim();
    if (at <= 0 || !name) {
      ctx.addIssue({ code: 'custom', message: `must be name:value pairs separated by "," (got "${part.slice(0, 64)}")` });
      return z.NEVER;
    }
    if (name in out) {
      ctx.addIssue({ code: 'custom', message: `names attribute "${name.slice(0, 64)}" twice; give each name once` });
      return z.NEVER;
    }
    out[name] = part.slice(at + 1).trim();
  }
  return out;
}, attributeMap);
