import { randomBytes } from 'node:crypto';
import { invalid } from '../platform/errors';
import { UNDOCUMENTED_TYPES, type StepType, type StoredStep, type TemplateField } from './model';
import type { StepInput } from './schemas';

// Building and checking steps: the rules the client documents for a step, kept in one place for
// create, insert, update and redispatch.

export const shortId = (chars: number) =>
  randomBytes(chars)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, chars)
    .padEnd(chars, '7');

/** Templates by id, read before a change is built (a change is retried, the reads are not). */
export type Snapshots = Map<string, TemplateField[]>;

/** The template ids `steps` (and the route's default) bring in, for the step types that take one. */
export function templateIdsOf(steps: { type?: StepType; document_template_id?: string }[], routeDefault: string): string[] {
  const ids = steps.flatMap((s) => {
    const id = s.document_template_id ?? routeDefault;
    return id && !(s.type && UNDOCUMENTED_TYPES.includes(s.type)) ? [id] : [];
  });
  return [...new Set(ids)];
}

export function checkStepInput(field: string, s: Partial<StepInput>): void {
  if (s.type && UNDOCUMENTED_TYPES.includes(s.type) && s.document_template_id)
    throw invalid(
      `${field}.document_template_id`,
      `cannot be given for a ${s.type} step (start, end, break and layover steps take no document)`,
    );
  if ((s.completion_mode === 'geofence' || s.completion_mode === 'geofence_manual_fallback') && !s.geofence_config?.radius)
    throw invalid(`${field}.geofence_config`, `is required (with a radius) when completion_mode is ${s.completion_mode}`);
}

export function newStep(input: StepInput, routeTemplate: string, snapshots: Snapshots, now: number): StoredStep {
  const templateId = UNDOCUMENTED_TYPES.includes(input.type) ? '' : (input.document_template_id ?? routeTemplate);
  return {
    id: `st_${randomBytes(10).toString('hex')}`,
    short_id: shortId(6),
    type: input.type,
    arrival: input.arrival,
    location: input.location,
    address: input.address ?? '',
    duration: input.duration ?? 0,
    meta: input.meta ?? {},
    document_template_id: templateId,
    document_snapshot: templateId ? (snapshots.get(templateId) ?? null) : null,
    completion: {
      status: 'scheduled',
      completion_mode: input.completion_mode ?? 'manual',
      ...(input.geofence_config?.radius ? { geofence_config: { type: 'circle', radius: input.geofence_config.radius } } : {}),
    },
    created_at: now,
    updated_at: now,
  };
}

/** The step with the fields of `input` that are given; a new template id takes a new snapshot ("" removes it). */
export function changedStep(step: StoredStep, input: Partial<StepInput>, snapshots: Snapshots, now: number): StoredStep {
  const type = input.type ?? step.type;
  const templateId = UNDOCUMENTED_TYPES.includes(type) ? '' : (input.document_template_id ?? step.document_template_id);
  return {
    ...step,
    type,
    ...(input.arrival !== undefined ? { arrival: input.arrival } : {}),
    ...(input.location !== undefined ? { location: input.location } : {}),
    ...(input.address !== undefined ? { address: input.address } : {}),
    ...(input.duration !== undefined ? { duration: input.duration } : {}),
    ...(input.meta !== undefined ? { meta: input.meta } : {}),
    document_template_id: templateId,
    document_snapshot: templateId === step.document_template_id ? step.document_snapshot : (snapshots.get(templateId) ?? null),
    completion: {
      ...step.completion,
      ...(input.completion_mode !== undefined ? { completion_mode: input.completion_mode } : {}),
      ...(input.geofence_config?.radius ? { geofence_config: { type: 'circle' as const, radius: input.geofence_config.radius } } : {}),
    },
    updated_at: now,
  };
}

/** Index of the last completed step, -1 when none is: nothing may be placed at or before it. */
export const lastCompleted = (steps: StoredStep[]) => steps.findLastIndex((s) => s.completion.status === 'completed');

/** The step by id or short id; -1 when the route has none. */
export function stepIndex(steps: StoredStep[], idOrShort: string): number {
  return steps.findIndex((s) => s.id === idOrShort || s.short_id === idOrShort);
}
