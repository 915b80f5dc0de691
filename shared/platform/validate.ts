import { z } from 'zod';
import { ApiError } from './errors';

// Turns schema failures into the one error body: "<field>: <rule>". Every
// issue is listed (a client fixing a request wants all of them at once); the
// first one's path is the `field`.

export type Where = 'body' | 'query' | 'path';

function fieldPath(where: Where, path: readonly PropertyKey[]): string {
  if (path.length === 0) return where;
  let out = where === 'body' ? '' : `${where}.`;
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' || out.endsWith('.') ? String(part) : `.${String(part)}`;
  }
  return out;
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${issue.expected === 'int' ? 'an integer' : `of type ${issue.expected}`}`;
    case 'too_small':
      if (issue.origin === 'string') return `must be at least ${issue.minimum} characters long`;
      if (issue.origin === 'array') return `must have at least ${issue.minimum} items`;
      return `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters long`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} items`;
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

export function validationError(where: Where, error: z.ZodError): ApiError {
  const parts = error.issues.map((issue) => `${fieldPath(where, issue.path)}: ${describe(issue)}`);
  const field = fieldPath(where, error.issues[0]?.path ?? []);
  return new ApiError(400, parts.join('; '), { field });
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown, where: Where): z.output<T> {
  // reportInput: zod 4 leaves the offending value out of an issue unless asked, and without it
  // a wrong type could not be told from a missing field.
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw validationError(where, result.error);
  return result.data;
}
