// Whole-problem validation of a route optimization request, run after the zod schema and before
// anything is stored or queued. Each file here is one group of rules; every broken rule is
// collected, so a caller fixes the request in one round trip: 400 "<field>: <rule>; ...", the
// first field in `field`. Relation rule 4 (no vehicle can take all steps of a relation) is 422:
// the input is well formed, but no feasible solution can be produced.
import type { OptimizationRequest } from '../schemas';
import { webhookTargetProblem } from '../../webhooks/target';
import { webhookUrlProblem } from '../../webhooks/url';
import type { LatLonPair } from '../../geo/types';
import { checkDimensions } from './amounts';
import { checkDepotChoice } from './depot-choice';
import { checkIds } from './ids';
import { checkIndices } from './indices';
import { issuesError, type Issue } from './issues';
import { checkFleetSize, checkTaskCount } from './limits';
import { parseLocations } from './locations';
import { checkMatrices } from './matrices';
import { checkRelationConstraints, checkRelations } from './relations';
import { checkRouting } from './routing';
import { checkVehicleLocations } from './vehicles';
import { checkWindows } from './windows';
import { checkShifts } from './shifts';
import { checkSplits } from './splits';
import { checkZonesAndDepots } from './zones';

export { issuesError, type Issue } from './issues';
export { avoidEntries, bboxPerimeterKm, maxProfiles, parseAvoidBox, parseTruckSize, profileMode, vehicleProfile } from './routing';

export interface ValidateContext {
  /** host[:port] values that address this service (the request's Host header, the local port). */
  selfHosts: string[];
}

export interface ValidatedProblem {
  request: OptimizationRequest;
  locations: LatLonPair[];
}

/**
 * The seed's defaults made explicit: a delivery takes its pickup's id unless it has its own; a
 * relation's vehicle may come under the client's deprecated name `id`.
 */
function normalize(input: OptimizationRequest): OptimizationRequest {
  const req: OptimizationRequest = {
    ...input,
    shipments: input.shipments?.map((s) => ({ ...s, delivery: { ...s.delivery, id: s.delivery.id ?? s.pickup.id } })),
    relations: input.relations?.map((r) => (r.vehicle === undefined && r.id !== undefined ? { ...r, vehicle: r.id } : r)),
  };
  if (!req.shipments) delete req.shipments;
  if (!req.relations) delete req.relations;
  return req;
}

/**
 * Checks every cross-field rule; returns the request normalized (see normalize) with its parsed
 * locations, or throws the 400 (all issues) or 422.
 */
export function validateProblem(input: OptimizationRequest, ctx: ValidateContext): ValidatedProblem {
  const issues: Issue[] = [];
  const add = (field: string, rule: string) => void issues.push({ field, rule });
  const req = normalize(input);
  const locations = parseLocations(req, add);
  const n = locations.length;
  checkTaskCount(req, add);
  checkFleetSize(req, locations, add);
  checkIndices(req, n, add);
  checkIds(req, add);
  checkVehicleLocations(req, locations, add);
  const dims = checkDimensions(req, add);
  checkWindows(req, add);
  checkShifts(req, add);
  checkSplits(req, add);
  checkMatrices(req, n, add);
  const unfit = checkRelations(req, dims, add);
  checkRelationConstraints(req, add);
  checkRouting(req, n, add);
  checkZonesAndDepots(req, add);
  checkDepotChoice(req, add);
  if (req.options?.webhook) {
    const problem = webhookUrlProblem(req.options.webhook.url, ctx.selfHosts);
    if (problem) add('options.webhook.url', problem);
  }
  if (issues.length) throw issuesError(issues, 400);
  if (unfit.length) throw issuesError(unfit, 422);
  return { request: req, locations };
}

/**
 * The part of the webhook rule that needs a lookup: 400 when the webhook's host resolves to a
 * loopback, private or link-local address (unless WAYMARK_WEBHOOK_ALLOW_PRIVATE=1). Run after
 * validateProblem, which judged the URL itself.
 */
export async function checkWebhookTarget(req: OptimizationRequest, ctx: ValidateContext): Promise<void> {
  if (!req.options?.webhook) return;
  const problem = await webhookTargetProblem(req.options.webhook.url, ctx.selfHosts);
  if (problem) throw issuesError([{ field: 'options.webhook.url', rule: problem }], 400);
}
