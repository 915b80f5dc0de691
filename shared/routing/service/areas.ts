import type { NetworkRegistry } from '../../roads/registry';

// GET /areas: the loaded road networks, each a service area.

export function areas(registry: NetworkRegistry) {
  return registry
    .list()
    .map((n) => ({
      code: n.name,
      name: n.name,
      modes: ['car', 'truck'],
      /** Hours from UTC, as the traffic periods use it. */
      timezone: n.graph.data.meta.utcOffsetMinutes / 60,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
