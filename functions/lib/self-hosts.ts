import { localSelfHosts } from '../../shared/webhooks/url';

/** host[:port] values that address this service: the request's own Host and the local stack's port. */
export function selfHosts(headers: Record<string, string | undefined>): string[] {
  return [headers.host, headers['x-forwarded-host'], ...localSelfHosts()].filter((h): h is string => !!h);
}
