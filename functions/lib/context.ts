import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Request } from '@middy/core';
import type { Principal } from '../../shared/auth/model';

// What the middleware chain accumulates for the handler.
export interface Internal extends Record<string, unknown> {
  requestId: string;
  body?: unknown;
  principal?: Principal;
  input?: { query: unknown; path: unknown; body: unknown };
}

export type HttpRequest = Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context, Internal>;
export type HttpResponse = APIGatewayProxyStructuredResultV2;
