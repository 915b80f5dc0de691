import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { config } from '../platform/config';
import { ipLiteral, nonPublicKind } from './address';
import { literalHostProblem, privateTargetRule, webhookUrlProblem } from './url';

// Names are checked by what they resolve to, every address of them: a name with one public
// and one private address could otherwise be steered to the private one. At send time the
// addresses checked are the ones connected to (see guardedLookup), so a name that resolves to
// a public address when checked and to a private one a moment later (DNS rebinding) gains
// nothing.

/** Resolves a hostname to every address it has (node:dns lookup, as a connection would). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** Why a host resolving to `addresses` is refused, or null when every address is public. */
export function addressesProblem(addresses: readonly LookupAddress[]): string | null {
  for (const { address } of addresses) {
    const kind = nonPublicKind(address);
    if (kind) return privateTargetRule(kind, address);
  }
  return null;
}

/** Thrown (and logged) when a send is refused because of where the host resolves. */
export class RefusedTargetError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RefusedTargetError';
  }
}

/**
 * The whole configuration-time check of a webhook URL: the URL's own rules, then (unless private
 * targets are allowed) every address its host resolves to. A host that does not resolve now is
 * accepted: it is checked again, and refused if need be, at every send.
 */
export async function webhookTargetProblem(
  url: string,
  selfHosts: string[],
  options: { allowPrivate?: boolean; resolve?: Resolve } = {},
): Promise<string | null> {
  const allowPrivate = options.allowPrivate ?? config.webhookAllowPrivate();
  const problem = webhookUrlProblem(url, selfHosts, allowPrivate);
  if (problem || allowPrivate) return problem;
  const { hostname } = new URL(url);
  if (ipLiteral(hostname)) return null;
  try {
    return addressesProblem(await (options.resolve ?? systemResolve)(hostname));
  } catch {
    return null;
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves once, refuses when any address is not public
 * (unless allowed), and hands the socket exactly the addresses it checked.
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolve = systemResolve) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    const refused = literalHostProblem(hostname, allowPrivate);
    if (refused) return callback(new RefusedTargetError(refused), []);
    resolve(hostname).then(
      (addresses) => {
        const problem = allowPrivate ? null : addressesProblem(addresses);
        if (problem) return callback(new RefusedTargetError(problem), []);
        if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
