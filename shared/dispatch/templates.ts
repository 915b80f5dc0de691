import { createHash, randomBytes } from 'node:crypto';
import { conflict, notFound, ApiError } from '../platform/errors';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import { MAX_TEMPLATES_PER_SPACE, type StoredTemplate } from './model';
import type { CreateTemplateInput, UpdateTemplateInput } from './schemas';
import type { DispatchStore } from './store';
import { templateView } from './views';

// Document templates of a space. A step takes a snapshot of its template when it is attached,
// so changing or deleting a template never changes what a dispatched step is completed against.

const WRITE_RETRY = (id: string) => ({
  retryable: isWriteConflict,
  attempts: 4,
  exhausted: () => conflict(`id: document template "${id}" is being changed concurrently; read it again and retry`),
});

/** A create retried with the same Idempotency-Key names the same template. */
const idFor = (space: string, idempotencyKey: string | undefined) =>
  'tpl_' +
  (idempotencyKey
    ? createHash('sha256').update(`${space}\u0000${idempotencyKey}`).digest('hex').slice(0, 24)
    : randomBytes(12).toString('hex'));

export class TemplateService {
  constructor(private readonly ctx: { store: DispatchStore; now: () => number }) {}

  async require(space: string, id: string, field = 'id'): Promise<StoredTemplate> {
    const t = await this.ctx.store.getTemplate(space, id);
    if (!t) throw new ApiError(404, `${field}: no document template "${id}"`, { field });
    return t;
  }

  async create(space: string, input: CreateTemplateInput, idempotencyKey?: string) {
    const now = Math.floor(this.ctx.now() / 1000);
    const template: StoredTemplate = {
      id: idFor(space, idempotencyKey),
      name: input.name,
      content: input.content,
      created_at: now,
      updated_at: now,
      version: 1,
    };
    const outcome = await this.ctx.store.createTemplate(space, template, MAX_TEMPLATES_PER_SPACE);
    if (outcome === 'full')
      throw new ApiError(422, `name: this space holds ${MAX_TEMPLATES_PER_SPACE} document templates, the most it may; delete one first`, {
        field: 'name',
      });
    if (outcome === 'exists') {
      const held = await this.require(space, template.id);
      if (held.name !== input.name || JSON.stringify(held.content) !== JSON.stringify(input.content))
        throw conflict('Idempotency-Key: already used for a different document template', 'Idempotency-Key');
      return templateView(held);
    }
    return templateView(template);
  }

  async get(space: string, id: string) {
    return templateView(await this.require(space, id));
  }

  async update(space: string, id: string, input: UpdateTemplateInput) {
    return retry(async () => {
      const t = await this.require(space, id);
      const next: StoredTemplate = {
        ...t,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.content !== undefined ? { content: input.content } : {}),
        updated_at: Math.floor(this.ctx.now() / 1000),
        version: t.version + 1,
      };
      if ((await this.ctx.store.replaceTemplate(space, next, t.version)) !== 'ok') throw new WriteConflict();
      return templateView(next);
    }, WRITE_RETRY(id));
  }

  /** Every template of the space (at most MAX_TEMPLATES_PER_SPACE), in id order. */
  async list(space: string) {
    const out: ReturnType<typeof templateView>[] = [];
    for await (const batch of this.ctx.store.listTemplates(space)) out.push(...batch.map(templateView));
    return out;
  }

  async delete(space: string, id: string): Promise<void> {
    await retry(async () => {
      const t = await this.ctx.store.getTemplate(space, id);
      if (!t) throw notFound(`id: no document template "${id}"`);
      if ((await this.ctx.store.deleteTemplate(space, t)) !== 'ok') throw new WriteConflict();
    }, WRITE_RETRY(id));
  }
}
