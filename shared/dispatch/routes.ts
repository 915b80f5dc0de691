import { createHash, randomBytes } from 'node:crypto';
import type { Principal } from '../auth/model';
import type { NetworkRegistry } from '../roads';
import { ApiError, conflict, invalid, unprocessable } from '../platform/errors';
import { pageFrom } from '../platform/paging';
import { isWriteConflict, retry, WriteConflict } from '../platform/retry';
import type { DeliveryDeps } from '../webhooks/delivery';
import { webhookTargetProblem } from '../webhooks/target';
import { emitRouteEvent, type DispatchEvent } from './events';
import { issueDriverToken } from './driver-token';
import { plannedRoutes, type PlanRoute } from './from-plan';
import type { StoredRoute, StoredStep } from './model';
import type { CreateRouteInput, StepInput } from './schemas';
import { checkStepInput, newStep, shortId, templateIdsOf, type Snapshots } from './steps';
import type { DispatchStore } from './store';
import type { TemplateService } from './templates';
import { reestimate, travelBetween } from './travel';
import { routeView } from './views';

// Routes handed to drivers: created from explicit steps or from an optimization result, read, and
// changed through one versioned read-modify-write (`change`), so concurrent changes never lose
// one another and two completions of one step never both win. Step operations are in ./route-steps.ts.

export interface PlanSource {
  result: { status: string; message: string; result?: Record<string, unknown> };
  vehicles: { id: string | number; metadata?: Record<string, unknown> }[];
  webhook?: { url: string; timeout: number };
}

export interface RouteContext {
  store: DispatchStore;
  templates: TemplateService;
  networks: () => NetworkRegistry;
  plans: (principal: Principal, id: string) => Promise<PlanSource>;
  webhooks: DeliveryDeps;
  /** Unix milliseconds. */
  now: () => number;
}

/** What a change of a route produced: the next route and the events it owes. */
export interface Changed<T> {
  next: StoredRoute;
  events: { event: DispatchEvent; step?: StoredStep }[];
  answer: (route: StoredRoute) => T;
}

const routeNotFound = (id: string) => new ApiError(404, `routeID: no dispatched route "${id}"`, { field: 'routeID' });

export class RouteService {
  constructor(readonly ctx: RouteContext) {}

  nowSeconds = () => Math.floor(this.ctx.now() / 1000);

  /** The route, confined to the caller: a driver token sees its own route only. */
  async require(principal: Principal, idOrShort: string): Promise<StoredRoute> {
    const route = await this.ctx.store.getRoute(principal.space, idOrShort);
    if (!route || (principal.route !== undefined && principal.route !== route.id)) throw routeNotFound(idOrShort);
    return route;
  }

  async snapshots(space: string, ids: string[], field: string): Promise<Snapshots> {
    const out: Snapshots = new Map();
    for (const id of ids) out.set(id, (await this.ctx.templates.require(space, id, field)).content);
    return out;
  }

  /** Distance, duration, geometry and arrivals after the steps changed from index `from` on. */
  retravel(route: StoredRoute, from: number, distance?: number, pinned?: string): StoredRoute {
    const travel = travelBetween(
      this.ctx.networks(),
      route.steps.map((s) => s.location),
      route.routing.approaches,
    );
    return {
      ...route,
      steps: reestimate(route.steps, travel, from, pinned),
      distance: distance ?? travel.distance,
      duration: travel.duration,
      geometry: travel.geometry,
    };
  }

  /** Applies `make` to the stored route and writes the result if nobody wrote in between (re-read and re-applied otherwise). */
  async change<T>(principal: Principal, routeID: string, make: (route: StoredRoute) => Changed<T>): Promise<T> {
    return retry(
      async () => {
        const route = await this.require(principal, routeID);
        const changed = make(route);
        // nothing to write (a repeated completion): its events go out again, under the same ids
        const next = changed.next === route ? route : { ...changed.next, updated_at: this.nowSeconds(), version: route.version + 1 };
        if (next !== route && (await this.ctx.store.replaceRoute(principal.space, next, route.version)) !== 'ok') throw new WriteConflict();
        for (const e of changed.events) await emitRouteEvent(this.ctx.webhooks, principal.space, next, e.event, this.nowSeconds(), e.step);
        return changed.answer(next);
      },
      {
        retryable: isWriteConflict,
        attempts: 6,
        exhausted: () => conflict(`routeID: route "${routeID}" is being changed concurrently; read it again and retry`, 'routeID'),
      },
    );
  }

  async get(principal: Principal, routeID: string) {
    return routeView(await this.require(principal, routeID));
  }

  async list(principal: Principal, pn: number, ps: number) {
    const store = this.ctx.store;
    async function* views() {
      for await (const batch of store.listRoutes(principal.space)) yield batch.map(routeView);
    }
    return pageFrom(views(), pn, ps);
  }

  async create(principal: Principal, input: CreateRouteInput, options: { selfHosts: string[]; idempotencyKey?: string }) {
    if (input.webhook) {
      const problem = await webhookTargetProblem(input.webhook.url, options.selfHosts);
      if (problem) throw invalid('webhook.url', problem);
    }
    const now = this.nowSeconds();
    const routing = {
      approaches: input.routing?.approaches ?? '',
      avoid: input.routing?.avoid ?? '',
      hazmat_type: input.routing?.hazmat_type ?? '',
      mode: input.routing?.mode ?? 'car',
      truck_axle_load: input.routing?.truck_axle_load?.toString() ?? '',
      truck_size: input.routing?.truck_size ?? '',
      truck_weight: input.routing?.truck_weight?.toString() ?? '',
    };
    const base = (id: string, email: string, steps: StepInput[], snapshots: Snapshots, webhook = input.webhook) => {
      const token = issueDriverToken(principal.space, id);
      const route: StoredRoute = {
        id,
        short_id: shortId(8),
        driver: { id: createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16), email, fullname: '' },
        vehicle_id: '',
        ro_request_id: '',
        routing,
        document_template_id: input.ro_request_id ? '' : (input.document_template_id ?? ''),
        document_snapshot: input.document_template_id && !input.ro_request_id ? (snapshots.get(input.document_template_id) ?? null) : null,
        distance: 0,
        duration: 0,
        geometry: '',
        steps: steps.map((s) => newStep(s, input.ro_request_id ? '' : (input.document_template_id ?? ''), snapshots, now)),
        status: 'scheduled',
        ...(webhook ? { webhook } : {}),
        key_hash: principal.keyHash,
        driver_token_hash: token.hash,
        created_at: now,
        updated_at: now,
        version: 1,
      };
      return { route, token: token.token };
    };
    const idFrom = (...parts: string[]) =>
      'rt_' +
      createHash('sha256')
        .update([principal.space, ...parts].join('\u0000'))
        .digest('hex')
        .slice(0, 24);

    if (input.ro_request_id) {
      const plan = await this.ctx.plans(principal, input.ro_request_id);
      if (plan.result.status !== 'Ok' || !plan.result.result)
        throw unprocessable(`ro_request_id: the optimization job has no result to dispatch: ${plan.result.message}`, 'ro_request_id');
      if (plan.result.message)
        throw conflict(`ro_request_id: the optimization job is still processing; dispatch it once its result is ready`, 'ro_request_id');
      let planned = plannedRoutes((plan.result.result.routes ?? []) as PlanRoute[], plan.vehicles, now);
      if (input.vehicle_id !== undefined) {
        planned = planned.filter((p) => p.vehicleId === String(input.vehicle_id));
        if (!planned.length)
          throw new ApiError(404, `vehicle_id: the plan has no route for vehicle "${input.vehicle_id}"`, { field: 'vehicle_id' });
      }
      let last: { route: StoredRoute; token: string } | undefined;
      for (const p of planned) {
        const email = (input.vehicle_id !== undefined ? input.driver_email : undefined) ?? p.email;
        if (!email) throw invalid('driver_email', `is required: vehicle "${p.vehicleId}" of the plan has no metadata.user_email`);
        const made = base(idFrom(input.ro_request_id, p.vehicleId), email, p.steps, new Map(), input.webhook ?? plan.webhook);
        made.route = {
          ...made.route,
          vehicle_id: p.vehicleId,
          ro_request_id: input.ro_request_id,
          distance: input.distance ?? p.distance,
          duration: p.duration,
          geometry: p.geometry,
        };
        last = await this.store(principal, made);
      }
      return this.answer(last!);
    }

    const steps = input.steps ?? [];
    steps.forEach((s, i) => {
      checkStepInput(`steps[${i}]`, s);
      if (i > 0 && s.arrival < steps[i - 1].arrival)
        throw invalid(`steps[${i}].arrival`, `must be at least steps[${i - 1}].arrival (${steps[i - 1].arrival})`);
    });
    const ids = templateIdsOf(steps, input.document_template_id ?? '');
    if (input.document_template_id && !ids.includes(input.document_template_id)) ids.push(input.document_template_id);
    const snapshots = await this.snapshots(principal.space, ids, 'document_template_id');
    const id = options.idempotencyKey ? idFrom('key', options.idempotencyKey) : `rt_${randomBytes(12).toString('hex')}`;
    const made = base(id, input.driver_email!, steps, snapshots);
    const travel = travelBetween(
      this.ctx.networks(),
      made.route.steps.map((s) => s.location),
      routing.approaches,
    );
    made.route = { ...made.route, distance: input.distance ?? travel.distance, duration: travel.duration, geometry: travel.geometry };
    return this.answer(await this.store(principal, made));
  }

  /**
   * Stores a new route. A route whose id is taken is the same dispatch again (a retried request,
   * or the same plan vehicle dispatched twice): that route is answered, with a fresh driver token
   * since only the token's hash is kept.
   */
  private async store(principal: Principal, made: { route: StoredRoute; token: string }): Promise<{ route: StoredRoute; token: string }> {
    for (let attempt = 0; attempt < 4; attempt++) {
      if ((await this.ctx.store.createRoute(principal.space, made.route)) === 'ok') return made;
      const held = await this.ctx.store.getRoute(principal.space, made.route.id);
      if (held && held.id === made.route.id) {
        const token = issueDriverToken(principal.space, held.id);
        const route = await this.change(principal, held.id, (r) => ({
          next: { ...r, driver_token_hash: token.hash },
          events: [],
          answer: (x) => x,
        }));
        return { route, token: token.token };
      }
      made.route = { ...made.route, short_id: shortId(8) };
    }
    throw conflict('routeID: could not find a free short id; retry', 'routeID');
  }

  private answer({ route, token }: { route: StoredRoute; token: string }) {
    return {
      ...routeView(route),
      driver_token: token,
      driver_path: `/driver?route=${encodeURIComponent(route.id)}&token=${encodeURIComponent(token)}`,
    };
  }
}
