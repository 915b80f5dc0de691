import { AsyncLocalStorage } from 'node:async_hooks';
import { logger } from '../log';
import { formatTraceparent, formatXRayHeader, incomingContext, newSpanId, newTrace, type TraceContext } from './context';

export * from './context';

// One trace from an HTTP request through a queue to its worker, the solver and the webhook POST.
// The current context lives in AsyncLocalStorage, so code between the edges takes no parameter:
// the HTTP factory and the SQS consumer open it, spans nest under it, and whatever leaves the
// process (a queue message, a webhook request) carries it out. docs/operations/tracing.md.
//
// Off unless WAYMARK_TRACING=1, except in a Lambda function on AWS, where Lambda's own trace
// header (serverless.yml provider.tracing) decides, through its Sampled flag, what is recorded.

/** A finished span, as logged ("trace span") and handed to listeners. */
export interface SpanRecord {
  trace_id: string;
  span_id: string;
  parent_id: string;
  name: string;
  start: number;
  duration_ms: number;
  error?: boolean;
  attributes?: Record<string, string | number>;
}

export function tracingEnabled(): boolean {
  const chosen = process.env.WAYMARK_TRACING?.toLowerCase();
  if (chosen !== undefined && chosen !== '') return chosen === '1' || chosen === 'true' || chosen === 'on';
  return Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME && !process.env.IS_OFFLINE && process.env._X_AMZN_TRACE_ID);
}

// On globalThis: the local API loads every handler bundle into one process.
const STATE = Symbol.for('waymark.tracing');
interface State {
  storage: AsyncLocalStorage<TraceContext>;
  listeners: Set<(span: SpanRecord) => void>;
}
const state = ((globalThis as typeof globalThis & { [STATE]?: State })[STATE] ??= {
  storage: new AsyncLocalStorage<TraceContext>(),
  listeners: new Set(),
});

export const currentTrace = (): TraceContext | undefined => state.storage.getStore();

/** Calls `listener` with every recorded span until the returned function is called. */
export function onSpan(listener: (span: SpanRecord) => void): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

/**
 * Runs `fn` as a span named `name` under the current context, or as the root of `from` (an
 * incoming context) when given, or of a new trace when neither exists. Tracing off: just `fn`.
 */
export async function span<T>(
  name: string,
  fn: () => Promise<T> | T,
  options: { from?: TraceContext; attributes?: Record<string, string | number> } = {},
): Promise<T> {
  if (!tracingEnabled()) return fn();
  const parent = options.from ?? currentTrace();
  const base = parent ?? newTrace();
  const context: TraceContext = { traceId: base.traceId, spanId: newSpanId(), sampled: base.sampled };
  const start = Date.now();
  let failed = false;
  try {
    return await state.storage.run(context, fn);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    if (context.sampled) {
      record({
        trace_id: context.traceId,
        span_id: context.spanId,
        parent_id: parent?.spanId ?? '',
        name,
        start,
        duration_ms: Date.now() - start,
        ...(failed ? { error: true } : {}),
        ...(options.attributes ? { attributes: options.attributes } : {}),
      });
    }
  }
}

function record(s: SpanRecord): void {
  try {
    logger.info('trace span', { ...s });
    for (const listener of state.listeners) listener(s);
  } catch {
    // a span never fails the work it measures
  }
}

/** The context an HTTP request arrives with: its traceparent or X-Amzn-Trace-Id header, else Lambda's. */
export function httpIncoming(headers: Record<string, string | undefined>): TraceContext | undefined {
  const get = (name: string) => headers[name] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  return incomingContext({ traceparent: get('traceparent'), xray: get('x-amzn-trace-id') ?? process.env._X_AMZN_TRACE_ID });
}

/** The context a queue message arrives with: SQS's AWSTraceHeader system attribute, else Lambda's. */
export function messageIncoming(record: { attributes?: object }): TraceContext | undefined {
  const header = (record.attributes as { AWSTraceHeader?: string } | undefined)?.AWSTraceHeader;
  return incomingContext({ xray: header ?? process.env._X_AMZN_TRACE_ID });
}

/** Spread into a SendMessage input: the current context as SQS's AWSTraceHeader (nothing when off). */
export function traceMessageAttributes(): { MessageSystemAttributes?: { AWSTraceHeader: { DataType: 'String'; StringValue: string } } } {
  const c = tracingEnabled() ? currentTrace() : undefined;
  return c ? { MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: formatXRayHeader(c) } } } : {};
}

/** Headers of an outgoing request (a webhook): W3C traceparent and X-Ray's; none when off. */
export function traceHeaders(): Record<string, string> {
  const c = tracingEnabled() ? currentTrace() : undefined;
  return c ? { traceparent: formatTraceparent(c), 'x-amzn-trace-id': formatXRayHeader(c) } : {};
}
