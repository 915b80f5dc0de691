import type { MiddlewareObj } from '@middy/core';
import type { z } from 'zod';
import { invalid } from '../../../shared/platform/errors';
import { MAX_QUERY_VALUE_LENGTH } from '../../../shared/platform/schemas';
import { parseWith } from '../../../shared/platform/validate';
import type { HttpRequest } from '../context';

export interface Schemas {
  query?: z.ZodType;
  path?: z.ZodType;
  body?: z.ZodType;
}

function decodePathParameters(params: Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined) continue;
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

export function validate(schemas: Schemas): MiddlewareObj {
  return {
    before: (request) => {
      const r = request as unknown as HttpRequest;
      const rawQuery = { ...(r.event.queryStringParameters ?? {}) } as Record<string, string | undefined>;
      for (const [name, value] of Object.entries(rawQuery)) {
        if (value !== undefined && value.length > MAX_QUERY_VALUE_LENGTH) {
          throw invalid(`query.${name}`, `must be at most ${MAX_QUERY_VALUE_LENGTH} characters long`);
        }
      }
      const path = decodePathParameters(r.event.pathParameters);
      r.internal.input = {
        query: schemas.query ? parseWith(schemas.query, rawQuery, 'query') : rawQuery,
        path: schemas.path ? parseWith(schemas.path, path, 'path') : path,
        body: schemas.body ? parseWith(schemas.body, r.internal.body, 'body') : r.internal.body,
      };
    },
  };
}
