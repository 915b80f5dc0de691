import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { httpIncoming, span } from '../../../shared/platform/tracing';

// The root span of an HTTP request (or a child of the caller's, when it sent traceparent or
// X-Amzn-Trace-Id). Outside the middy chain, like the metrics, so every answer is inside it and
// everything the operation does (queueing a job, a webhook) continues its trace.

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export function traced(operation: string, handler: Handler): Handler {
  return (event, context) =>
    span(`http ${operation}`, () => handler(event, context), {
      from: httpIncoming((event.headers ?? {}) as Record<string, string | undefined>),
      attributes: { operation },
    });
}
