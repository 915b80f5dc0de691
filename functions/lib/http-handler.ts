import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { LimitName, Principal, Service } from '../../shared/auth/model';
import { coldStartDone } from '../../shared/platform/cold-start';
import { ApiError } from '../../shared/platform/errors';
import { logger } from '../../shared/platform/log';
import { config } from '../../shared/platform/config';
import type { HttpRequest, HttpResponse } from './context';
import { deps } from './deps';
import { keyAuth } from './middleware/auth';
import { errorHandler } from './middleware/errors';
import { jsonBody } from './middleware/json-body';
import { measured } from './middleware/metrics';
import { rateLimit } from './middleware/rate-limit';
import { requestId } from './middleware/request-id';
import { traced } from './middleware/tracing';
import { validate } from './middleware/validate';
import { jsonResponse, rawResponse } from './respond';

// The one way an HTTP function is built. Every endpoint gets the same chain:
// trace span and metrics (around all of it) -> request id -> header normalization -> key auth -> rate limit ->
// JSON body -> schema validation -> handler -> error handling.
// The key is checked before the body is parsed, so a caller without a valid key
// (or over its quota) never costs the parsing of a body up to the size limit.
// Public endpoints have no key step and parse the body right after the headers.

const REPLY = Symbol('reply');

export interface Reply {
  [REPLY]: true;
  statusCode: number;
  body: unknown;
  headers: Record<string, string>;
  /** Set by rawReply: the body is sent as is, with this content type. */
  contentType?: string;
}

/** A response other than 200, or with extra headers. */
export function reply(statusCode: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { [REPLY]: true, statusCode, body, headers };
}

/**
 * A non-JSON response (HTML, scripts, styles, images): the body is sent
 * unchanged with its own content type. A Buffer goes out base64-encoded, as
 * API Gateway requires for binary bodies. Errors thrown by the handler still
 * leave as the JSON error body.
 */
export function rawReply(statusCode: number, body: string | Buffer, contentType: string, headers: Record<string, string> = {}): Reply {
  return { [REPLY]: true, statusCode, body, headers, contentType };
}

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, string>;
type BodyOut<S> = S extends z.ZodType ? z.output<S> : unknown;

interface Input<Q, P, B> {
  query: Out<Q>;
  path: Out<P>;
  body: BodyOut<B>;
  requestId: string;
  /** Request headers, names lower-cased. */
  headers: Record<string, string | undefined>;
  /** The caller's address as API Gateway (or serverless-offline) saw it. */
  sourceIp?: string;
}

interface OperationBase<Q, P, B> {
  /** "<service>.<operation>", used in logs. */
  name: string;
  query?: Q;
  path?: P;
  body?: B;
  maxBodyBytes?: number;
  /** Also read application/x-www-form-urlencoded bodies (as a map of strings). */
  formBody?: boolean;
  /** Schema of the 200 body: documented in the OpenAPI document, checked by the contract tests, not at run time. */
  response?: z.ZodType;
}

export interface KeyedOperation<Q, P, B> extends OperationBase<Q, P, B> {
  /** Service the key must be enabled for; null for key management. */
  service: Service | null;
  /** Quota the call counts against (defaults to the service's). */
  limit?: LimitName;
  /** The operation also takes a dispatched route's driver token (principal.route set), and must confine it to that route. */
  driverToken?: boolean;
  run(input: Input<Q, P, B> & { principal: Principal }): Promise<unknown>;
}

export interface PublicOperation<Q, P, B> extends OperationBase<Q, P, B> {
  run(input: Input<Q, P, B>): Promise<unknown>;
}

/** What an endpoint declares, kept on its handler so the OpenAPI document can be derived from it. */
export interface OperationInfo {
  name: string;
  service: Service | null;
  authenticated: boolean;
  query?: z.ZodType;
  path?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

export type LambdaHandler = ((event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>) & {
  operation: OperationInfo;
};

function toResponse(result: unknown, requestId: string): HttpResponse {
  if (result && typeof result === 'object' && REPLY in result) {
    const r = result as Reply;
    if (r.contentType !== undefined) return rawResponse(r.statusCode, r.body as string | Buffer, r.contentType, r.headers, requestId);
    return jsonResponse(r.statusCode, r.body, r.headers, requestId);
  }
  return jsonResponse(200, result, {}, requestId);
}

// The middy handler sees only (event, context); the request object the chain
// filled in is found again through its event.
const requests = new WeakMap<object, HttpRequest>();

function build<Q, P, B>(
  op: OperationBase<Q, P, B>,
  auth: { service: Service | null; limit: LimitName | null; driverToken?: boolean } | null,
  run: (request: HttpRequest) => Promise<unknown>,
): LambdaHandler {
  // errorHandler is registered first because middy runs onError hooks in reverse.
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(errorHandler(op.name))
    .use(requestId())
    .use({ before: (request) => void requests.set(request.event, request as unknown as HttpRequest) })
    .use(httpHeaderNormalizer());
  if (auth) {
    const driverTokens = auth.driverToken ? deps.driverTokens : undefined;
    chain.use(keyAuth({ store: deps.keyStore, guard: deps.unknownKeys, cached: deps.keyCached, driverTokens }, auth.service));
    if (auth.limit) chain.use(rateLimit(deps.limiter, auth.limit));
  }
  chain.use(jsonBody(op.maxBodyBytes ?? config.maxBodyBytes(), op.formBody));
  chain.use(validate({ query: op.query as z.ZodType, path: op.path as z.ZodType, body: op.body as z.ZodType }));
  const handler = chain.handler(async (event) => {
    await coldStartDone().catch((error: unknown) => {
      // The caller can do nothing about it but come back; the log says what failed.
      logger.error('cold start failed', { operation: op.name, error: (error as Error).message });
      throw new ApiError(503, 'service not ready: its data could not be loaded; try again shortly', { headers: { 'retry-after': '5' } });
    });
    const request = requests.get(event)!;
    return toResponse(await run(request), request.internal.requestId);
  });
  const operation: OperationInfo = {
    name: op.name,
    service: auth?.service ?? null,
    authenticated: auth !== null,
    query: op.query as z.ZodType | undefined,
    path: op.path as z.ZodType | undefined,
    body: op.body as z.ZodType | undefined,
    response: op.response,
  };
  return Object.assign(traced(op.name, measured(op.name, handler)), { operation }) as unknown as LambdaHandler;
}

function inputOf(r: HttpRequest): Input<unknown, unknown, unknown> {
  const input = r.internal.input!;
  return {
    query: input.query,
    path: input.path,
    body: input.body,
    requestId: r.internal.requestId,
    headers: (r.event.headers ?? {}) as Record<string, string | undefined>,
    sourceIp: r.event.requestContext?.http?.sourceIp,
  } as Input<unknown, unknown, unknown>;
}

export function httpHandler<Q = undefined, P = undefined, B = undefined>(op: KeyedOperation<Q, P, B>): LambdaHandler {
  const limit = op.limit ?? op.service;
  return build(op, { service: op.service, limit, driverToken: op.driverToken }, (r) =>
    op.run({ ...(inputOf(r) as Input<Q, P, B>), principal: r.internal.principal! }),
  );
}

export function publicHandler<Q = undefined, P = undefined, B = undefined>(op: PublicOperation<Q, P, B>): LambdaHandler {
  return build(op, null, (r) => op.run(inputOf(r) as Input<Q, P, B>));
}
