import { afterEach, describe, expect, it } from 'vitest';
import { emulatorErrorReply } from '../../../infra/local/emulator-errors';

// What npm start answers when serverless-offline refuses a request before any
// handler runs: the same body, headers and request id as every handler error.

describe('an error serverless-offline raises itself', () => {
  const saved = process.env.WAYMARK_MAX_BODY_BYTES;
  afterEach(() => {
    if (saved === undefined) delete process.env.WAYMARK_MAX_BODY_BYTES;
    else process.env.WAYMARK_MAX_BODY_BYTES = saved;
  });

  it("is a 413 naming the body and the smaller of our limit and the emulator's", () => {
    delete process.env.WAYMARK_MAX_BODY_BYTES;
    const reply = emulatorErrorReply(413, 'Payload content length greater than maximum allowed: 10485760', 10_485_760);
    const body = JSON.parse(reply.body!) as Record<string, unknown>;
    expect(reply.statusCode).toBe(413);
    expect(body).toEqual({
      status: 413,
      message: 'body: larger than the limit of 6291456 bytes',
      field: 'body',
      request_id: expect.any(String),
    });
    expect(reply.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'x-request-id': body.request_id,
    });
    process.env.WAYMARK_MAX_BODY_BYTES = String(20 * 1024 * 1024);
    expect(JSON.parse(emulatorErrorReply(413, '', 10_485_760).body!).message).toBe('body: larger than the limit of 10485760 bytes');
  });

  it("keeps the status and the emulator's message for anything else", () => {
    const reply = emulatorErrorReply(400, 'Invalid cookie value');
    expect(reply.statusCode).toBe(400);
    expect(JSON.parse(reply.body!)).toEqual({ status: 400, message: 'Invalid cookie value', request_id: expect.any(String) });
  });
});
