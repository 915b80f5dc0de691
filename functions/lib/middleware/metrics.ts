import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { count, emitMetrics, familyOf, milliseconds } from '../../../shared/platform/metrics';

// Per operation: one request, its latency and its status class. It wraps the whole middy chain
// rather than sitting inside it: a middleware that answers early (auth, rate limit) skips the
// later middlewares' hooks, and every answer must be counted, the early ones above all.

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** "2xx".."5xx" of a status code. */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

export function measured(operation: string, handler: Handler, clock: () => number = () => performance.now()): Handler {
  return async (event, context) => {
    const started = clock();
    let status = 500;
    try {
      const response = await handler(event, context);
      status = response.statusCode ?? 200;
      return response;
    } finally {
      const cls = statusClass(status);
      emitMetrics({
        group: 'http',
        dimensions: { Family: familyOf(operation), Operation: operation, StatusClass: cls },
        values: {
          Requests: count(1),
          Latency: milliseconds(clock() - started),
          Errors4xx: count(cls === '4xx' ? 1 : 0),
          Errors5xx: count(cls === '5xx' ? 1 : 0),
        },
      });
    }
  };
}
