import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

// The HTTP routes of serverless.yml, read from the per-service function files
// it merges (functions/<service>/functions.yml).

export interface Route {
  functionName: string;
  /** Module path relative to the repo root, without extension. */
  module: string;
  method: string;
  path: string;
  /** False for routes that are not API operations (HTML pages and their assets). */
  documented: boolean;
}

export const repoRoot = resolve(import.meta.dirname, '../..');

interface FunctionDef {
  handler: string;
  /** `documented: false` in functions.yml keeps a function out of the OpenAPI document. */
  documented?: boolean;
  events?: Array<{ httpApi?: { method: string; path: string } }>;
}

export function routes(): Route[] {
  const out: Route[] = [];
  const dir = resolve(repoRoot, 'functions');
  for (const service of readdirSync(dir, { withFileTypes: true })) {
    if (!service.isDirectory()) continue;
    let text: string;
    try {
      text = readFileSync(resolve(dir, service.name, 'functions.yml'), 'utf8');
    } catch {
      continue;
    }
    const defs = (parse(text) ?? {}) as Record<string, FunctionDef>;
    for (const [functionName, def] of Object.entries(defs)) {
      const module = def.handler.replace(/\.[^.]+$/, '');
      const documented = def.documented !== false;
      for (const event of def.events ?? []) {
        if (event.httpApi)
          out.push({ functionName, module, method: event.httpApi.method.toUpperCase(), path: event.httpApi.path, documented });
      }
    }
  }
  return out;
}
