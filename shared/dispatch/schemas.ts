import { z } from 'zod';
import { freeJsonObject } from '../platform/limits';
import { identifier } from '../platform/schemas';
import {
  COMPLETION_MODES,
  FIELD_TYPES,
  MAX_DOCUMENT_BYTES,
  MAX_STEPS_PER_ROUTE,
  MAX_TEMPLATE_FIELDS,
  STEP_TYPES,
  type StepType,
} from './model';

// Request schemas of dispatch, as the client's Fleetify types send them. The client's enum types
// are generated with the values in backticks ('`start`'); a caller typing against them sends the
// backticks, so every enum here takes a value with or without them.

const unticked = (v: unknown) => (typeof v === 'string' ? v.replace(/^`(.*)`$/, '$1') : v);
const ticked = <const T extends readonly [string, ...string[]]>(values: T) => z.preprocess(unticked, z.enum(values));

const seconds = z.number().int().min(0).max(99_999_999_999);
const text = (max: number) => z.string().max(max);

/** [latitude, longitude], as the client sends a step's location. */
export const stepLocation = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]).describe('[latitude, longitude]');

const stepMeta = z.object({
  customer_name: text(256).optional(),
  customer_phone_number: text(64).optional(),
  instructions: text(2048).optional(),
});

const geofenceConfig = z.object({
  type: ticked(['circle']).optional(),
  radius: z.number().min(10).max(5000).optional(),
});

const stepFields = {
  address: text(512).optional(),
  completion_mode: ticked(COMPLETION_MODES).optional(),
  document_template_id: z.union([identifier, z.literal('')]).optional(),
  duration: z.number().int().min(0).max(86_400).optional(),
  geofence_config: geofenceConfig.optional(),
  meta: stepMeta.optional(),
};

/** A step's rules beyond its fields' own (the client's): break and layover need a duration. */
function stepRules(step: { type?: StepType; duration?: number }, ctx: z.RefinementCtx) {
  if ((step.type === 'break' || step.type === 'layover') && step.duration === undefined)
    ctx.addIssue({ code: 'custom', path: ['duration'], message: `is required for a ${step.type} step` });
}

export const stepRequest = z
  .object({ arrival: seconds, location: stepLocation, type: ticked(STEP_TYPES), ...stepFields })
  .superRefine(stepRules);
export type StepInput = z.output<typeof stepRequest>;

const routing = z.object({
  approaches: ticked(['unrestricted', 'curb']).optional(),
  avoid: z.string().max(256).optional(),
  hazmat_type: z.string().max(256).optional(),
  mode: ticked(['car', 'truck']).optional(),
  truck_axle_load: z.number().min(0).max(100).optional(),
  truck_size: z.string().max(64).optional(),
  truck_weight: z.number().min(0).max(100_000).optional(),
});

const webhook = z.object({ url: z.string().min(1).max(2048), timeout: z.number().int().min(1).max(60).optional() });

/**
 * POST /fleetify/routes. With `ro_request_id` the steps come from that optimization result and
 * the client's required fields may be absent; `vehicle_id` (ours) picks one of its routes.
 */
export const createRouteBody = z
  .object({
    driver_email: z.email().max(254).optional(),
    steps: z.array(stepRequest).max(MAX_STEPS_PER_ROUTE).optional(),
    distance: z.number().min(0).max(100_000_000).optional(),
    document_template_id: identifier.optional(),
    ro_request_id: z.string().min(1).max(128).optional(),
    vehicle_id: z.union([z.string().min(1).max(128), z.number().int()]).optional(),
    routing: routing.optional(),
    webhook: webhook.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.ro_request_id !== undefined) return;
    if (body.driver_email === undefined) ctx.addIssue({ code: 'custom', path: ['driver_email'], message: 'is required' });
    if (body.steps === undefined || body.steps.length === 0)
      ctx.addIssue({ code: 'custom', path: ['steps'], message: 'must hold at least one step (or give ro_request_id)' });
  });
export type CreateRouteInput = z.output<typeof createRouteBody>;

const operation = z.object({
  operation: ticked(['create', 'update', 'delete']),
  data: z.object({
    step: stepRequest.optional(),
    step_id: z.string().min(1).max(128).optional(),
    completion_mode: ticked(COMPLETION_MODES).optional(),
    document_template_id: identifier.optional(),
  }),
});

export const redispatchBody = z.object({
  operations: z
    .array(operation)
    .min(1)
    .max(MAX_STEPS_PER_ROUTE * 2),
  distance: z.number().min(0).max(100_000_000).optional(),
});
export type RedispatchInput = z.output<typeof redispatchBody>;

export const insertStepBody = z
  .object({
    arrival: seconds,
    location: stepLocation,
    type: ticked(STEP_TYPES),
    position: z.number().int().min(0),
    ...stepFields,
  })
  .superRefine(stepRules);
export type InsertStepInput = z.output<typeof insertStepBody>;

export const updateStepBody = z
  .object({
    arrival: seconds,
    position: z.number().int().min(0),
    location: stepLocation.optional(),
    type: ticked(STEP_TYPES).optional(),
    ...stepFields,
  })
  .superRefine(stepRules);
export type UpdateStepInput = z.output<typeof updateStepBody>;

/** PATCH: complete a step with its document, or change the document of a completed step. */
export const completeStepBody = z.object({
  document: freeJsonObject(MAX_DOCUMENT_BYTES).optional(),
  mode: ticked(COMPLETION_MODES).optional(),
  status: ticked(['completed']).optional(),
});
export type CompleteStepInput = z.output<typeof completeStepBody>;

const option = z.object({ label: text(256).min(1), value: text(256).min(1) });

export const templateField = z
  .object({
    label: text(256).min(1),
    type: ticked(FIELD_TYPES),
    name: text(256).optional(),
    required: z.boolean().optional(),
    meta: z.object({ options: z.array(option).min(1).max(50) }).optional(),
    validation: z
      .object({
        min: z.number().optional(),
        max: z.number().optional(),
        min_items: z.coerce.number().int().min(0).max(100).optional(),
        max_items: z.coerce.number().int().min(0).max(100).optional(),
      })
      .optional(),
  })
  .superRefine((f, ctx) => {
    if ((f.type === 'single_choice' || f.type === 'multi_choices') && !f.meta?.options.length)
      ctx.addIssue({ code: 'custom', path: ['meta', 'options'], message: `is required for a ${f.type} field` });
    const v = f.validation;
    if (v?.min !== undefined && v.max !== undefined && v.min > v.max)
      ctx.addIssue({ code: 'custom', path: ['validation', 'max'], message: 'must be at least validation.min' });
    if (v?.min_items !== undefined && v.max_items !== undefined && v.min_items > v.max_items)
      ctx.addIssue({ code: 'custom', path: ['validation', 'max_items'], message: 'must be at least validation.min_items' });
  });

const templateContent = z
  .array(templateField)
  .min(1)
  .max(MAX_TEMPLATE_FIELDS)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((f, i) => {
      if (seen.has(f.label))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'label'],
          message: `"${f.label}" is used by an earlier field; labels name a document's values and must be unique`,
        });
      seen.add(f.label);
    });
  });

export const createTemplateBody = z.object({ name: text(256).min(1), content: templateContent });
export type CreateTemplateInput = z.output<typeof createTemplateBody>;
export const updateTemplateBody = z.object({ name: text(256).min(1).optional(), content: templateContent.optional() });
export type UpdateTemplateInput = z.output<typeof updateTemplateBody>;

export const dispatchQuery = z.object({ key: z.string().optional() });
export const templatePath = z.object({ id: identifier });
export const routePath = z.object({ routeID: z.string().min(1).max(128) });
export const stepPath = z.object({ routeID: z.string().min(1).max(128), stepID: z.string().min(1).max(128) });
