import type { Restriction } from './model';

// Port for the road editor's restrictions; the DynamoDB adapter is dynamo-store.ts, the
// in-memory one tests/fixtures/memory/road-editor.ts. `space` is the caller's (organisation,
// namespace): every method is confined to it. Every write bumps the space's change counter
// (`version`) in the same transaction, so a router that read version N and still reads N holds
// the space's restrictions as of now without reading them again.

export type NewRestriction = Omit<Restriction, 'id' | 'rev'>;

export type CreateOutcome = { ok: true; restriction: Restriction } | { ok: false; reason: 'full' };

export interface RestrictionStore {
  /** The space's change counter; 0 when nothing was ever written. Strongly consistent. */
  version(space: string): Promise<number>;
  /** Every restriction of the space, deleted ones included, by id. Strongly consistent. */
  list(space: string): Promise<Restriction[]>;
  get(space: string, id: number): Promise<Restriction | undefined>;
  /** Stores a new restriction under the space's next id, unless the space holds `max` that are not deleted. */
  create(space: string, r: NewRestriction, max: number): Promise<CreateOutcome>;
  /** Replaces a restriction if it is still at revision `next.rev - 1`. */
  replace(space: string, next: Restriction): Promise<'ok' | 'changed' | 'gone'>;
}
