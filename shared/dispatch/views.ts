import type { StoredRoute, StoredStep, StoredTemplate, TemplateField } from './model';

// Stored records as the client's types read them. `min_items`/`max_items` go out as strings,
// as the client's DocumentTemplateContentResponse types them.

export function fieldView(f: TemplateField) {
  const v = f.validation;
  const validation = v
    ? {
        ...(v.min !== undefined ? { min: v.min } : {}),
        ...(v.max !== undefined ? { max: v.max } : {}),
        ...(v.min_items !== undefined ? { min_items: String(v.min_items) } : {}),
        ...(v.max_items !== undefined ? { max_items: String(v.max_items) } : {}),
      }
    : undefined;
  return {
    label: f.label,
    type: f.type,
    name: f.name ?? '',
    required: f.required ?? false,
    ...(f.meta ? { meta: f.meta } : {}),
    ...(validation ? { validation } : {}),
  };
}

export const templateView = (t: StoredTemplate) => ({ id: t.id, name: t.name, content: t.content.map(fieldView) });

export function stepView(s: StoredStep) {
  return {
    id: s.id,
    short_id: s.short_id,
    type: s.type,
    arrival: s.arrival,
    location: s.location,
    address: s.address,
    duration: s.duration,
    meta: s.meta,
    document_template_id: s.document_template_id,
    document_snapshot: s.document_snapshot ? s.document_snapshot.map(fieldView) : null,
    completion: s.completion,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

export function routeView(r: StoredRoute) {
  const completed = r.steps.filter((s) => s.completion.status === 'completed').length;
  return {
    id: r.id,
    short_id: r.short_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    distance: r.distance,
    duration: r.duration,
    geometry: r.geometry,
    ro_request_id: r.ro_request_id,
    vehicle_id: r.vehicle_id,
    driver: r.driver,
    routing: r.routing,
    document_template_id: r.document_template_id,
    document_snapshot: r.document_snapshot ? r.document_snapshot.map(fieldView) : null,
    total_steps: r.steps.length,
    completed_steps: completed,
    completion: { status: r.status, ...(r.completed_at !== undefined ? { completed_at: r.completed_at } : {}) },
    steps: r.steps.map(stepView),
  };
}
