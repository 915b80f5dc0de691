// Operation families: the groups of operations an operator watches (and CloudWatch alarms on) as
// one, keyed by the service part of an operation's name ("geofence.create" -> "geofence"). Few on
// purpose: each family has two alarms, and a stack holds at most 500 resources.

export const FAMILIES = {
  geofence: ['geofence'],
  optimization: ['optimization'],
  routing: ['routing', 'matrix', 'batch', 'restrictions'],
  tracking: ['tracking', 'trips', 'live'],
  monitors: ['monitors'],
  geocoding: ['geocode', 'multigeocode'],
  platform: ['platform', 'keys', 'console', 'webhooks'],
} as const;

export type Family = keyof typeof FAMILIES;

const byService = new Map<string, Family>(
  Object.entries(FAMILIES).flatMap(([family, services]) => services.map((s) => [s, family as Family] as const)),
);

/** The family of an operation; an unlisted service is its own family (the house test keeps the list whole). */
export const familyOf = (operation: string): string => {
  const service = operation.split('.')[0];
  return byService.get(service) ?? service;
};
