import { gunzipSync } from 'node:zlib';
import type { MiddlewareObj } from '@middy/core';
import { config } from '../../../shared/platform/config';
import { ApiError, badRequest, payloadTooLarge } from '../../../shared/platform/errors';
import { bodyShapeProblem, jsonBytes } from '../../../shared/platform/limits';
import type { HttpRequest } from '../context';

// Parses the JSON body. Existing clients do not always send a content type,
// so any non-empty body is read as JSON; an empty one is `undefined`. Some
// emulators hand over a JSON body they already parsed (a bare `0`, `false`,
// an array...): it is taken as that value, measured as the text it came from,
// and validated like any other.
//
// A body sent with `Content-Encoding: gzip` is inflated first (large
// optimization problems only fit under the transport limit compressed). The
// inflated size is capped while inflating, so a small bomb is refused before
// it can take the memory. Nesting is capped before any code that recurses
// (schemas, JSON.stringify, size checks) sees the value, and `__proto__`
// keys are refused before any code copies the value.

function checkShape(value: unknown): void {
  const problem = bodyShapeProblem(value);
  if (problem) throw badRequest(`body: ${problem}`, 'body');
}

function inflatedTooLarge(limitBytes: number): ApiError {
  return new ApiError(413, `body: larger than the limit of ${limitBytes} bytes once decompressed`, { field: 'body' });
}

function decode(raw: Buffer, encoding: string | undefined, maxDecodedBytes: number): Buffer {
  const coding = (encoding ?? '').trim().toLowerCase();
  if (coding === '' || coding === 'identity') return raw;
  if (coding !== 'gzip' && coding !== 'x-gzip') {
    throw new ApiError(415, `content-encoding: "${coding.slice(0, 64)}" is not supported; send gzip or no encoding`, {
      field: 'content-encoding',
    });
  }
  try {
    return gunzipSync(raw, { maxOutputLength: maxDecodedBytes });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw inflatedTooLarge(maxDecodedBytes);
    throw badRequest(`body: not valid gzip data (${(error as Error).message})`, 'body');
  }
}

const isForm = (contentType: string | undefined) => /^\s*application\/x-www-form-urlencoded\b/i.test(contentType ?? '');

/** A form body as a map of its values (the first of a repeated name), as query parameters are. */
function parseForm(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) if (!(name in out)) out[name] = value;
  return out;
}

/** `acceptForm`: an endpoint fed by devices that post HTML forms (the OsmAnd protocol) also reads those. */
export function jsonBody(maxBytes: number, acceptForm = false): MiddlewareObj {
  return {
    before: (request) => {
      const maxDecodedBytes = Math.max(maxBytes, config.maxDecodedBodyBytes());
      const r = request as unknown as HttpRequest;
      const raw: unknown = r.event.body;
      if (raw === undefined || raw === null || raw === '') return;
      if (typeof raw !== 'string') {
        checkShape(raw);
        if (jsonBytes(raw) > maxBytes) throw payloadTooLarge(maxBytes);
        r.internal.body = raw;
        return;
      }
      const encoding = r.event.headers?.['content-encoding'];
      const sent = r.event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
      if (sent.byteLength > maxBytes) throw payloadTooLarge(maxBytes);
      const text = decode(sent, encoding, maxDecodedBytes).toString('utf8');
      if (text.trim() === '') return;
      if (acceptForm && isForm(r.event.headers?.['content-type'])) {
        r.internal.body = parseForm(text);
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw badRequest(`body: malformed JSON (${(error as Error).message})`, 'body');
      }
      checkShape(parsed);
      r.internal.body = parsed;
    },
  };
}
