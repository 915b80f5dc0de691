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

export const pagination = {
  pn: queryInt(1, 1_000_000).optional(),
  ps: queryInt(1, 100).optional(),
};

export const identifier = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, "-" and "_"');
