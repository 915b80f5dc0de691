// Dispatch (the client's Fleetify family): document templates, and routes of steps handed to a
// driver. Times on the wire are Unix seconds, as the client's types have them.

export const STEP_TYPES = ['start', 'job', 'pickup', 'delivery', 'break', 'layover', 'end'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const COMPLETION_MODES = ['manual', 'geofence', 'geofence_manual_fallback'] as const;
export type CompletionMode = (typeof COMPLETION_MODES)[number];

/** Step types a document template never applies to (the client's rule). */
export const UNDOCUMENTED_TYPES: readonly StepType[] = ['start', 'end', 'break', 'layover'];

export const FIELD_TYPES = [
  'string',
  'number',
  'date_time',
  'photos',
  'multi_choices',
  'signature',
  'barcode',
  'single_choice',
  'checkbox',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of a document template. */
export interface TemplateField {
  label: string;
  type: FieldType;
  name?: string;
  required?: boolean;
  meta?: { options: { label: string; value: string }[] };
  validation?: { min?: number; max?: number; min_items?: number; max_items?: number };
}

export interface StoredTemplate {
  id: string;
  name: string;
  content: TemplateField[];
  created_at: number;
  updated_at: number;
  /** Incremented by every write; writes are conditional on it. */
  version: number;
}

export interface StepCompletion {
  status: 'scheduled' | 'completed' | 'canceled';
  completion_mode: CompletionMode;
  geofence_config?: { type: 'circle'; radius: number };
  completed_at?: number;
  completed_by_mode?: CompletionMode;
  /** Who completed the step: "driver" (a route's driver token) or "key:<first hash chars>". */
  completed_by?: string;
  document?: Record<string, unknown>;
  document_modified_at?: number;
}

export interface StoredStep {
  id: string;
  short_id: string;
  type: StepType;
  /** Scheduled arrival, Unix seconds: as given, then re-estimated on the road network after a change. */
  arrival: number;
  location: [number, number];
  address: string;
  duration: number;
  meta: { customer_name?: string; customer_phone_number?: string; instructions?: string };
  document_template_id: string;
  /** The template's fields when it was attached: a completion is checked against these, whatever the template became since. */
  document_snapshot: TemplateField[] | null;
  completion: StepCompletion;
  created_at: number;
  updated_at: number;
}

export interface RouteRouting {
  approaches: string;
  avoid: string;
  hazmat_type: string;
  mode: string;
  truck_axle_load: string;
  truck_size: string;
  truck_weight: string;
}

export interface RouteWebhook {
  url: string;
  timeout?: number;
}

export interface StoredRoute {
  id: string;
  short_id: string;
  driver: { id: string; email: string; fullname: string };
  vehicle_id: string;
  ro_request_id: string;
  routing: RouteRouting;
  document_template_id: string;
  document_snapshot: TemplateField[] | null;
  /** Metres: the caller's figure, else the road network's. */
  distance: number;
  /** Seconds of driving between the steps, on the road network (straight lines where none covers them). */
  duration: number;
  /** Encoded polyline (precision 5) through the steps. */
  geometry: string;
  steps: StoredStep[];
  status: 'scheduled' | 'completed';
  completed_at?: number;
  /** Where the route's events go (the optimization job's webhook for a route dispatched from one). */
  webhook?: RouteWebhook;
  /** SHA-256 of the key that dispatched the route: its webhook secret signs the route's events. */
  key_hash: string;
  /** SHA-256 of the route's driver token. */
  driver_token_hash: string;
  created_at: number;
  updated_at: number;
  version: number;
}

/** Limits, documented in docs/api/dispatch.md#limits. */
export const MAX_STEPS_PER_ROUTE = 100;
export const MAX_TEMPLATES_PER_SPACE = 100;
export const MAX_TEMPLATE_FIELDS = 30;
export const MAX_DOCUMENT_BYTES = 4096;
