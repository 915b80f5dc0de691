import { afterEach, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/platform/metrics';

const call = (sourceIp: string) =>
  handler(
    { rawPath: '/metrics', headers: {}, requestContext: { http: { method: 'GET', sourceIp }, requestId: 'r' } } as never,
    {} as never,
  );

afterEach(() => delete process.env.WAYMARK_STAGE);

describe('GET /metrics', () => {
  it('answers Prometheus text on loopback under the local stage, 404 from elsewhere or on a deployed stage', async () => {
    process.env.WAYMARK_STAGE = 'local';
    const local = await call('127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.headers?.['content-type']).toMatch(/^text\/plain/);
    expect((await call('192.168.1.20')).statusCode).toBe(404);
    process.env.WAYMARK_STAGE = 'prod';
    expect((await call('127.0.0.1')).statusCode).toBe(404);
  });
});
