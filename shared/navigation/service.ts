// GET /navigation/json: the directions route with steps, and guidance on every step (guidance.ts).

import type { NetworkRegistry } from '../roads/registry';
import { directions } from '../routing/service/directions';
import { withGuidance, type DirectionsStep } from './guidance';
import { phrasebookFor } from './languages';
import type { NavigationParams } from './schemas';

export function navigation(registry: NetworkRegistry, p: NavigationParams) {
  const { lang, original_shape: _shape, original_shape_type: _type, ...travel } = p;
  const { book, fellBack } = phrasebookFor(lang);
  const answer = directions(registry, { ...travel, steps: true });
  const warning = [
    ...(answer.warning ?? []),
    ...(fellBack ? [`lang: instructions are written in English only so far; "${lang}" was answered in English`] : []),
  ];
  const routes = answer.routes.map((r) => withGuidance(r as typeof r & { legs: Array<{ steps: DirectionsStep[] }> }, book));
  return { status: 'Ok', ...(warning.length ? { warning } : {}), routes };
}
