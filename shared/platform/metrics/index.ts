import { config } from '../config';
import { emfRecord } from './emf';
import type { MetricEvent } from './model';
import { PrometheusRegistry } from './prometheus';

export * from './model';
export { familyOf, FAMILIES, type Family } from './families';

// Where a metric event goes: in a Lambda function on AWS, one embedded-metric-format line on
// stdout (CloudWatch Logs extracts it); anywhere else (npm start, tests, scripts), the in-process
// registry GET /metrics reads. WAYMARK_METRICS=emf writes the lines locally too (to see them),
// =off records nothing.

// On globalThis: the local API loads every handler into one process, and a registry per bundle
// would split the figures.
const REGISTRY = Symbol.for('waymark.metrics.registry');
type WithRegistry = typeof globalThis & { [REGISTRY]?: PrometheusRegistry };

export function localRegistry(): PrometheusRegistry {
  const g = globalThis as WithRegistry;
  return (g[REGISTRY] ??= new PrometheusRegistry());
}

function mode(): 'emf' | 'local' | 'off' {
  const chosen = process.env.WAYMARK_METRICS;
  if (chosen === 'off' || chosen === 'emf' || chosen === 'local') return chosen;
  // serverless-offline sets IS_OFFLINE and, like Lambda, AWS_LAMBDA_FUNCTION_NAME.
  return process.env.AWS_LAMBDA_FUNCTION_NAME && !process.env.IS_OFFLINE ? 'emf' : 'local';
}

/** Records one event; never throws (a metric must not fail the work it measures). */
export function emitMetrics(event: MetricEvent): void {
  try {
    const where = mode();
    if (where === 'off') return;
    if (where === 'local') localRegistry().record(event);
    else process.stdout.write(`${JSON.stringify(emfRecord(event, Date.now(), config.stage()))}\n`);
  } catch {
    // measured work goes on
  }
}
