import { invalid } from '../platform/errors';
import type { TemplateField } from './model';

// A completion's document checked against the template snapshot its step holds: keys are field
// labels (the client's DocumentSubmission), each value must fit its field's type and validation.
// The first misfit is answered 400 naming `document.<label>` and the rule it broke.

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);

function itemCount(path: string, field: TemplateField, n: number): void {
  const { min_items: min, max_items: max } = field.validation ?? {};
  if (min !== undefined && n < min) throw invalid(path, `must hold at least ${min} item(s); it holds ${n}`);
  if (max !== undefined && n > max) throw invalid(path, `must hold at most ${max} item(s); it holds ${n}`);
}

function checkValue(path: string, field: TemplateField, value: unknown): void {
  const options = (field.meta?.options ?? []).map((o) => o.value);
  const choice = (v: unknown) => typeof v === 'string' && options.includes(v);
  switch (field.type) {
    case 'string':
    case 'barcode':
      if (!isText(value)) throw invalid(path, 'must be a non-empty string');
      return;
    case 'signature':
      if (!isText(value)) throw invalid(path, "must be a non-empty string (a reference to the signature image, or the signer's name)");
      return;
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(path, 'must be a number');
      const { min, max } = field.validation ?? {};
      if (min !== undefined && value < min) throw invalid(path, `must be at least ${min}`);
      if (max !== undefined && value > max) throw invalid(path, `must be at most ${max}`);
      return;
    }
    case 'date_time':
      if (
        !(typeof value === 'number' && Number.isInteger(value) && value >= 0) &&
        !(typeof value === 'string' && !Number.isNaN(Date.parse(value)))
      )
        throw invalid(path, 'must be Unix seconds or an ISO 8601 date and time');
      return;
    case 'photos':
      if (!isTextList(value)) throw invalid(path, 'must be a list of photo references (non-empty strings: URLs or upload ids)');
      itemCount(path, field, value.length);
      return;
    case 'checkbox':
      if (typeof value !== 'boolean') throw invalid(path, 'must be true or false');
      if (field.required && value !== true) throw invalid(path, 'must be checked (true): the field is required');
      return;
    case 'single_choice':
      if (!choice(value)) throw invalid(path, `must be one of the field's option values: ${options.map((o) => `"${o}"`).join(', ')}`);
      return;
    case 'multi_choices':
      if (!Array.isArray(value) || !value.every(choice))
        throw invalid(path, `must be a list of the field's option values: ${options.map((o) => `"${o}"`).join(', ')}`);
      if (new Set(value).size !== value.length) throw invalid(path, 'must not name an option twice');
      itemCount(path, field, value.length);
      return;
  }
}

/** Throws the 400 of the first field the document does not fit; `fields` is the step's snapshot. */
export function checkDocument(fields: readonly TemplateField[], document: Record<string, unknown>): void {
  const byLabel = new Map(fields.map((f) => [f.label, f]));
  for (const label of Object.keys(document)) {
    if (!byLabel.has(label))
      throw invalid(
        `document.${label}`,
        `is not a field of the step's document template (fields: ${fields.map((f) => `"${f.label}"`).join(', ')})`,
      );
  }
  for (const field of fields) {
    const path = `document.${field.label}`;
    const value = document[field.label];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) throw invalid(path, 'is required');
      continue;
    }
    checkValue(path, field, value);
  }
}
