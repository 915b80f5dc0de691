import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { authenticate } from '../../shared/auth/authorize';
import { config } from '../../shared/platform/config';
import { isApiError, tooManyRequests } from '../../shared/platform/errors';
import { logger } from '../../shared/platform/log';
import { deps } from '../lib/deps';
import { liveChannel } from './deps';

// The live channel's one function, for every route of the web socket API: $connect checks the
// key (query `key`, as every HTTP call) and the key's connection limit, $disconnect forgets the
// connection, $default answers action messages (the route's response goes back on the socket).

type SocketEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
  requestContext: { identity?: { sourceIp?: string } };
};

const json = (statusCode: number, body: unknown) => ({ statusCode, body: JSON.stringify(body) });

export async function handler(event: SocketEvent) {
  const { routeKey, connectionId } = event.requestContext;
  if (routeKey === '$connect') return connect(event, connectionId);
  if (routeKey === '$disconnect') {
    await liveChannel().close(connectionId);
    return { statusCode: 200 };
  }
  return json(200, await liveChannel().act(connectionId, event.body ?? ''));
}

async function connect(event: SocketEvent, connectionId: string) {
  const source = event.requestContext.identity?.sourceIp;
  try {
    const key = event.queryStringParameters?.key;
    const guard = deps.unknownKeys();
    if (guard.blockedFor(source) > 0) throw tooManyRequests('key: too many unknown API keys from this address; try again later', 60);
    const principal = await authenticate(deps.keyStore(), {
      key,
      service: 'tracking',
      region: config.region(),
      now: Date.now() / 1000,
      onUnknown: () => guard.noteUnknown(source),
    });
    const outcome = await liveChannel().open(connectionId, { space: principal.space, keyHash: principal.keyHash });
    if (outcome === 'key-full') {
      const max = config.liveMaxConnectionsPerKey();
      return json(429, { status: 429, message: `key: this API key already holds ${max} open live connections; close one first` });
    }
    return { statusCode: 200 };
  } catch (error) {
    if (isApiError(error)) return json(error.status, error.body());
    logger.error('live connect failed', { error });
    return json(500, { status: 500, message: 'internal error' });
  }
}
