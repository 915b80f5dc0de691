import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { config } from '../platform/config';
import { RefusedTargetError, guardedLookup, type Resolve } from './target';
import { literalHostProblem } from './url';

// The one HTTP POST of a webhook. node:http(s) rather than fetch, because the connection must
// go to the address the guard checked (a custom lookup; fetch offers no hook for that), and
// because only the status matters: at most MAX_RESPONSE_BYTES of the answer are read before
// the socket is closed, so a receiver streaming without end cannot exhaust the function.
// Redirects are never followed (node:http does not), so a 3xx is simply not a 2xx.

export const MAX_RESPONSE_BYTES = 4096;

export interface WebhookRequest {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** POSTs a webhook; resolves with the answer's status, rejects with a SendError. */
export type WebhookPost = (url: string, request: WebhookRequest) => Promise<{ status: number }>;

/** Why a send failed, in words that say nothing about the receiver's network. */
export type SendFailure = 'refused' | 'timeout' | 'network';

export class SendError extends Error {
  constructor(
    readonly failure: SendFailure,
    /** The underlying error, for the server's log only. */
    readonly detail: string,
  ) {
    super(failure);
    this.name = 'SendError';
  }
}

export interface PostOptions {
  /** Read on every send so the setting can change while a process runs (tests flip it). */
  allowPrivate?: () => boolean;
  resolve?: Resolve;
}

function drain(response: IncomingMessage, done: () => void): void {
  let received = 0;
  response.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > MAX_RESPONSE_BYTES) response.destroy();
  });
  response.on('end', done);
  response.on('close', done);
  response.on('error', done);
}

/** The guarded POST every delivery uses. */
export function guardedPost(options: PostOptions = {}): WebhookPost {
  return (url, { headers, body, timeoutMs }) =>
    new Promise((resolve, reject) => {
      const allowPrivate = (options.allowPrivate ?? config.webhookAllowPrivate)();
      const target = new URL(url);
      // An address literal never goes through lookup: it is judged here.
      const literal = literalHostProblem(target.hostname, allowPrivate);
      if (literal) return reject(new SendError('refused', literal));
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      let status: number | undefined;
      const req = send(target, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate, options.resolve) as never,
        agent: false,
      });
      const timer = setTimeout(() => req.destroy(new SendError('timeout', `no answer within ${timeoutMs} ms`)), timeoutMs);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        if (status !== undefined) return resolve({ status });
        if (error instanceof SendError) return reject(error);
        if (error instanceof RefusedTargetError) return reject(new SendError('refused', error.message));
        reject(new SendError('network', error ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}` : 'closed'));
      };
      req.on('response', (response) => {
        status = response.statusCode ?? 0;
        drain(response, () => {
          response.destroy();
          finish();
        });
      });
      req.on('error', finish);
      req.on('close', () => finish());
      req.end(body);
    });
}
