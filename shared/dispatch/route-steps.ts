import type { Principal } from '../auth/model';
import { ApiError, conflict, invalid } from '../platform/errors';
import { checkDocument } from './documents';
import { MAX_STEPS_PER_ROUTE, type StoredRoute, type StoredStep } from './model';
import type { RouteService } from './routes';
import type { CompleteStepInput, InsertStepInput, RedispatchInput, UpdateStepInput } from './schemas';
import { changedStep, checkStepInput, lastCompleted, newStep, stepIndex, templateIdsOf } from './steps';
import { routeView, stepView } from './views';

// Changing the steps of a dispatched route while it runs. Completed steps stay as they were: a
// change may not touch them nor place a step before them. After a change the arrivals of the
// steps after it are estimated again on the road network (./travel.ts).

const tooMany = (field: string) => invalid(field, `a route holds at most ${MAX_STEPS_PER_ROUTE} steps`);
const stepNotFound = (field: string, id: string) => new ApiError(404, `${field}: the route has no step "${id}"`, { field });
const completedStep = (field: string, id: string) => conflict(`${field}: step "${id}" is completed; a completed step cannot change`, field);

function findOpen(route: StoredRoute, field: string, id: string): number {
  const i = stepIndex(route.steps, id);
  if (i < 0) throw stepNotFound(field, id);
  if (route.steps[i].completion.status === 'completed') throw completedStep(field, id);
  return i;
}

function checkPosition(route: StoredRoute, position: number, max: number): void {
  if (position > max) throw invalid('position', `must be at most ${max} (the route's step count)`);
  const done = lastCompleted(route.steps);
  if (position <= done) throw invalid('position', `must be after the last completed step (at ${done})`);
}

/** All steps complete: the route is. */
function settled(route: StoredRoute, now: number): StoredRoute {
  const all = route.steps.length > 0 && route.steps.every((s) => s.completion.status === 'completed');
  if (all && route.status !== 'completed') return { ...route, status: 'completed', completed_at: now };
  if (!all && route.status === 'completed') return { ...route, status: 'scheduled', completed_at: undefined };
  return route;
}

export class StepService {
  constructor(private readonly routes: RouteService) {}

  async insert(principal: Principal, routeID: string, input: InsertStepInput) {
    checkStepInput('step', input);
    const { position, ...step } = input;
    const route = await this.routes.require(principal, routeID);
    const snapshots = await this.routes.snapshots(
      principal.space,
      templateIdsOf([step], route.document_template_id),
      'document_template_id',
    );
    return this.routes.change(principal, routeID, (r) => {
      if (r.steps.length >= MAX_STEPS_PER_ROUTE) throw tooMany('position');
      checkPosition(r, position, r.steps.length);
      const added = newStep(step, r.document_template_id, snapshots, this.routes.nowSeconds());
      const steps = [...r.steps.slice(0, position), added, ...r.steps.slice(position)];
      const next = settled(this.routes.retravel({ ...r, steps }, position), this.routes.nowSeconds());
      return { next, events: [], answer: (x) => stepView(x.steps.find((s) => s.id === added.id)!) };
    });
  }

  async update(principal: Principal, routeID: string, stepID: string, input: UpdateStepInput) {
    checkStepInput('step', input);
    const { position, ...fields } = input;
    await this.routes.require(principal, routeID);
    const ids = input.document_template_id ? templateIdsOf([fields], '') : [];
    const snapshots = await this.routes.snapshots(principal.space, ids, 'document_template_id');
    return this.routes.change(principal, routeID, (r) => {
      const i = findOpen(r, 'stepID', stepID);
      checkPosition(r, position, r.steps.length - 1);
      const changed = changedStep(r.steps[i], fields, snapshots, this.routes.nowSeconds());
      const rest = r.steps.filter((_, k) => k !== i);
      const steps = [...rest.slice(0, position), changed, ...rest.slice(position)];
      const next = this.routes.retravel({ ...r, steps }, Math.min(i, position), undefined, changed.id);
      return { next, events: [], answer: (x) => stepView(x.steps.find((s) => s.id === changed.id)!) };
    });
  }

  async delete(principal: Principal, routeID: string, stepID: string): Promise<void> {
    await this.routes.change(principal, routeID, (r) => {
      const i = findOpen(r, 'stepID', stepID);
      const steps = r.steps.filter((_, k) => k !== i);
      const next = settled(this.routes.retravel({ ...r, steps }, Math.max(0, i - 1)), this.routes.nowSeconds());
      return {
        next,
        events: next.status === 'completed' && r.status !== 'completed' ? [{ event: 'ROUTE_COMPLETED' as const }] : [],
        answer: () => undefined,
      };
    });
  }

  /**
   * Completes a step with its document, checked against the step's template snapshot; on a
   * completed step, replaces its document. The same completion sent again changes nothing and
   * sends its events again (same ids), so a retry after a lost answer is safe.
   */
  async complete(principal: Principal, routeID: string, stepID: string, input: CompleteStepInput) {
    const by = principal.route !== undefined ? 'driver' : `key:${principal.keyHash.slice(0, 12)}`;
    return this.routes.change(principal, routeID, (r) => {
      const i = stepIndex(r.steps, stepID);
      if (i < 0) throw stepNotFound('stepID', stepID);
      const step = r.steps[i];
      const document = input.document ?? {};
      if (step.document_snapshot) checkDocument(step.document_snapshot, document);
      const now = this.routes.nowSeconds();
      const c = step.completion;
      if (c.status === 'completed') {
        if (JSON.stringify(c.document ?? {}) === JSON.stringify(document)) {
          const events = [
            { event: 'STEP_COMPLETED' as const, step },
            ...(r.status === 'completed' ? [{ event: 'ROUTE_COMPLETED' as const }] : []),
          ];
          return { next: r, events, answer: (x: StoredRoute) => stepView(x.steps[i]) };
        }
        const next = {
          ...r,
          steps: r.steps.map((s, k): StoredStep =>
            k === i ? { ...s, completion: { ...c, document, document_modified_at: now }, updated_at: now } : s,
          ),
        };
        return { next, events: [], answer: (x) => stepView(x.steps[i]) };
      }
      const done: StoredStep = {
        ...step,
        completion: {
          ...c,
          status: 'completed',
          completed_at: now,
          completed_by_mode: input.mode ?? 'manual',
          completed_by: by,
          document,
          document_modified_at: now,
        },
        updated_at: now,
      };
      const next = settled({ ...r, steps: r.steps.map((s, k) => (k === i ? done : s)) }, now);
      const events = [
        { event: 'STEP_COMPLETED' as const, step: done },
        ...(next.status === 'completed' ? [{ event: 'ROUTE_COMPLETED' as const }] : []),
      ];
      return { next, events, answer: (x) => stepView(x.steps[i]) };
    });
  }

  /** Applies the operations in order; completed steps are kept, the remaining ones changed. */
  async redispatch(principal: Principal, routeID: string, input: RedispatchInput) {
    input.operations.forEach((op, i) => {
      const field = `operations[${i}].data`;
      if (op.operation === 'create' && !op.data.step) throw invalid(`${field}.step`, 'is required for a create operation');
      if (op.operation !== 'create' && !op.data.step_id) throw invalid(`${field}.step_id`, `is required for an ${op.operation} operation`);
      if (op.operation === 'update' && !op.data.step && !op.data.completion_mode && !op.data.document_template_id)
        throw invalid(`${field}.step`, 'an update operation needs step, completion_mode or document_template_id');
      if (op.data.step) checkStepInput(`${field}.step`, op.data.step);
    });
    const route = await this.routes.require(principal, routeID);
    const given = input.operations.flatMap((op) =>
      op.data.step ? [{ ...op.data.step, document_template_id: op.data.document_template_id ?? op.data.step.document_template_id }] : [],
    );
    const extra = input.operations.flatMap((op) => (op.data.document_template_id ? [op.data.document_template_id] : []));
    const ids = [...new Set([...templateIdsOf(given, route.document_template_id), ...extra])];
    const snapshots = await this.routes.snapshots(principal.space, ids, 'operations.data.document_template_id');
    return this.routes.change(principal, routeID, (r) => {
      const now = this.routes.nowSeconds();
      const steps = [...r.steps];
      let from = steps.length;
      input.operations.forEach((op, n) => {
        const field = `operations[${n}].data.step_id`;
        const tpl = op.data.document_template_id;
        if (op.operation === 'create') {
          const step = newStep(
            {
              ...op.data.step!,
              ...(tpl ? { document_template_id: tpl } : {}),
              ...(op.data.completion_mode ? { completion_mode: op.data.completion_mode } : {}),
            },
            r.document_template_id,
            snapshots,
            now,
          );
          // a new step goes before the route's final end step, if it has one
          const at =
            steps.length > 0 && steps[steps.length - 1].type === 'end' && steps[steps.length - 1].completion.status !== 'completed'
              ? steps.length - 1
              : steps.length;
          steps.splice(at, 0, step);
          from = Math.min(from, at);
        } else {
          const i = findOpen({ ...r, steps }, field, op.data.step_id!);
          if (op.operation === 'delete') steps.splice(i, 1);
          else
            steps[i] = changedStep(
              steps[i],
              {
                ...(op.data.step ?? {}),
                ...(tpl ? { document_template_id: tpl } : {}),
                ...(op.data.completion_mode ? { completion_mode: op.data.completion_mode } : {}),
              },
              snapshots,
              now,
            );
          from = Math.min(from, Math.max(0, i - (op.operation === 'delete' ? 1 : 0)));
        }
      });
      if (steps.length > MAX_STEPS_PER_ROUTE) throw tooMany('operations');
      const next = settled(this.routes.retravel({ ...r, steps }, from, input.distance), now);
      const events = [
        { event: 'ROUTE_REDISPATCHED' as const },
        ...(next.status === 'completed' && r.status !== 'completed' ? [{ event: 'ROUTE_COMPLETED' as const }] : []),
      ];
      return { next, events, answer: (x) => routeView(x) };
    });
  }
}
