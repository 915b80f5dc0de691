import type { MiddlewareObj } from '@middy/core';
import { badRequest, payloadTooLarge } from '../../../shared/platform/errors';
import type { HttpRequest } from '../context';

// Parses the JSON body. Existing clients do not always send a content type,
// so any non-empty body is read as JSON; an empty one is `undefined`. Some
// emulators hand over a JSON body they already parsed (a bare `0`, `false`,
// an array...): it is taken as that value, measured as the text it came from,
// and validated like any other.
export function jsonBody(maxBytes: number): MiddlewareObj {
  return {
    before: (request) => {
      const r = request as unknown as HttpRequest;
      const raw: unknown = r.event.body;
      if (raw === undefined || raw === null || raw === '') return;
      if (typeof raw !== 'string') {
        if (Buffer.byteLength(JSON.stringify(raw) ?? '', 'utf8') > maxBytes) throw payloadTooLarge(maxBytes);
        r.internal.body = raw;
        return;
      }
      const buffer = r.event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
      if (buffer.byteLength > maxBytes) throw payloadTooLarge(maxBytes);
      const text = buffer.toString('utf8');
      if (text.trim() === '') return;
      try {
        r.internal.body = JSON.parse(text);
      } catch (error) {
        throw badRequest(`body: malformed JSON (${(error as Error).message})`, 'body');
      }
    },
  };
}
