import { invalid, unprocessable } from '../platform/errors';
import { STEP_TYPES, type StepType } from './model';
import type { StepInput } from './schemas';

// An optimization result's route as dispatch steps (the client's rule: the driver's e-mail is the
// vehicle's `metadata.user_email`). A result's arrivals are Unix seconds when the problem's
// time windows were; otherwise they count from the plan's start, and are laid from now.

export interface PlanRoute {
  vehicle: string | number;
  distance?: number;
  duration?: number;
  geometry?: string;
  steps: {
    type: string;
    arrival: number;
    service?: number;
    setup?: number;
    location?: [number, number];
    description?: string;
    metadata?: Record<string, unknown>;
  }[];
}

export interface PlannedRoute {
  vehicleId: string;
  email?: string;
  steps: StepInput[];
  distance: number;
  duration: number;
  geometry: string;
}

const UNIX_SECONDS_FROM = 1_000_000_000;
const str = (v: unknown, max: number) => (typeof v === 'string' && v.length > 0 ? v.slice(0, max) : undefined);

export function plannedRoutes(
  routes: PlanRoute[],
  vehicles: { id: string | number; metadata?: Record<string, unknown> }[],
  nowSeconds: number,
): PlannedRoute[] {
  if (routes.length === 0) throw unprocessable('ro_request_id: the optimization result has no routes to dispatch', 'ro_request_id');
  return routes.map((route, r) => {
    const vehicle = vehicles.find((v) => String(v.id) === String(route.vehicle));
    const located = route.steps.filter((s) => s.location);
    const first = located[0]?.arrival ?? 0;
    const at = (arrival: number) => (arrival >= UNIX_SECONDS_FROM ? arrival : nowSeconds + arrival - first);
    const steps = located.map((s, i): StepInput => {
      const type = (STEP_TYPES as readonly string[]).includes(s.type) ? (s.type as StepType) : 'job';
      const meta = s.metadata ?? {};
      if (!s.location) throw invalid(`routes[${r}].steps[${i}].location`, 'is missing');
      return {
        type,
        arrival: Math.round(at(s.arrival)),
        location: s.location,
        duration: Math.round((s.service ?? 0) + (s.setup ?? 0)),
        address: str(meta.address, 512) ?? '',
        meta: {
          ...(str(meta.customer_name, 256) ? { customer_name: str(meta.customer_name, 256) } : {}),
          ...(str(meta.customer_phone_number, 64) ? { customer_phone_number: str(meta.customer_phone_number, 64) } : {}),
          ...(str(s.description, 2048) ? { instructions: str(s.description, 2048) } : {}),
        },
      };
    });
    return {
      vehicleId: String(route.vehicle),
      email: str(vehicle?.metadata?.user_email, 254),
      steps,
      distance: route.distance ?? 0,
      duration: route.duration ?? 0,
      geometry: route.geometry ?? '',
    };
  });
}
