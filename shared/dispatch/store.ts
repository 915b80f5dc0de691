import type { StoredRoute, StoredTemplate } from './model';

// What dispatch needs from storage. The DynamoDB adapter is shared/dispatch/dynamo-store.ts;
// every method takes the caller's space, which the adapter puts first in every partition key.
// Every write of an existing record is conditional on the version read, so of two writers that
// read the same version (two completions of one step, say) exactly one wins.

export type WriteOutcome = 'ok' | 'conflict';

export interface DispatchStore {
  getTemplate(space: string, id: string): Promise<StoredTemplate | null>;
  /** 'exists': the id is taken; 'full': the space holds `limit` templates already. Nothing is written then. */
  createTemplate(space: string, template: StoredTemplate, limit: number): Promise<'ok' | 'exists' | 'full'>;
  replaceTemplate(space: string, next: StoredTemplate, expectedVersion: number): Promise<WriteOutcome>;
  /** Deletes the template if still at its version. */
  deleteTemplate(space: string, template: StoredTemplate): Promise<WriteOutcome>;
  /** Every template of the space, in id order, batch by batch. */
  listTemplates(space: string): AsyncIterable<StoredTemplate[]>;

  /** The route by its id or its short id. */
  getRoute(space: string, idOrShortId: string): Promise<StoredRoute | null>;
  /** 'exists': the id or the short id is taken; nothing is written then. */
  createRoute(space: string, route: StoredRoute): Promise<'ok' | 'exists'>;
  replaceRoute(space: string, next: StoredRoute, expectedVersion: number): Promise<WriteOutcome>;
  /** Every route of the space in id order (ids sort by creation time), batch by batch. */
  listRoutes(space: string): AsyncIterable<StoredRoute[]>;
}
