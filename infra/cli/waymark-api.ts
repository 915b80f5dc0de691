import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { localKeyPath, readStackFile } from '../local/stack-file';

// Where the CLI sends its requests: flags, then environment, then the running
// local stack (npm start leaves its URL and key in the data folder).

/** A failure to report in one line; `usage` adds the usage text (a mistake in the command line). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message);
  }
}

export interface Target {
  baseUrl: string;
  key: string;
}

export function resolveTarget(flags: { 'base-url'?: string; key?: string }): Target {
  const dataDir = resolve(process.env.WAYMARK_DATA_DIR ?? '.data');
  const stack = readStackFile(dataDir);
  const baseUrl = flags['base-url'] ?? process.env.WAYMARK_BASE_URL ?? stack?.baseUrl;
  let key = flags.key ?? process.env.WAYMARK_API_KEY;
  if (!key && stack) {
    try {
      key = readFileSync(localKeyPath(dataDir), 'utf8').trim();
    } catch {
      /* reported below */
    }
  }
  if (!baseUrl) throw new CliError('no Waymark to talk to: start one with `npm start`, or give --base-url (or WAYMARK_BASE_URL)');
  if (!key) throw new CliError('no API key: give --key (or WAYMARK_API_KEY)');
  return { baseUrl: baseUrl.replace(/\/+$/, ''), key };
}

export interface ApiResult {
  status: number;
  body: any;
}

/** One API call; a non-2xx answer is returned, not thrown, so callers can accept e.g. 409. */
export async function call(
  target: Target,
  method: string,
  path: string,
  body?: unknown,
  query: Record<string, string> = {},
): Promise<ApiResult> {
  const url = `${target.baseUrl}${path}?${new URLSearchParams({ ...query, key: target.key })}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new CliError(`cannot reach ${target.baseUrl} (${(error as Error).cause ?? (error as Error).message}); is the stack running?`);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep the text */
  }
  return { status: response.status, body: parsed };
}

export async function ok(target: Target, method: string, path: string, body?: unknown, query?: Record<string, string>): Promise<any> {
  const result = await call(target, method, path, body, query);
  if (result.status >= 300)
    throw new CliError(`${method} ${path} answered ${result.status}: ${result.body?.message ?? JSON.stringify(result.body)}`);
  return result.body;
}
