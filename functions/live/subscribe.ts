import { config } from '../../shared/platform/config';
import { actionAnswer, actionMessage } from '../../shared/live/schemas';
import { keyQuery } from '../../shared/tracking/schemas';
import { httpHandler } from '../lib/http-handler';
import { liveChannel } from './deps';

// POST /skynet/subscribe: the official client sends the live channel's action message as an
// HTTP call. HEARTBEAT succeeds; a (un)subscription is checked like on the socket and then
// refused with the socket's URL, since a request has nowhere to push to.
export const handler = httpHandler({
  name: 'live.subscribe',
  response: actionAnswer,
  service: 'tracking',
  query: keyQuery,
  body: actionMessage,
  run: async ({ body, principal }) => liveChannel().actOverHttp(principal.space, body, config.liveUrl()),
});
