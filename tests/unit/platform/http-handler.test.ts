import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicHandler, reply } from '../../../functions/lib/http-handler';
import { conflict, invalid } from '../../../shared/platform/errors';
import { invoke } from '../../integration/support/invoke';

const echo = publicHandler({
  name: 'test.echo',
  query: z.object({ n: z.string().regex(/^\d+$/, 'must be digits').optional() }),
  body: z.object({ radius: z.number().max(50000), name: z.string() }).optional(),
  maxBodyBytes: 1000,
  run: async ({ query, body }) => ({ status: 'Ok', data: { query, body } }),
});

const failing = (error: unknown) =>
  publicHandler({
    name: 'test.fail',
    run: async () => {
      throw error;
    },
  });

describe('handler factory', () => {
  it('passes parsed input to the handler and answers JSON 200', async () => {
    const res = await invoke(echo, { method: 'POST', query: { n: '7' }, body: { radius: 10, name: 'a' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ status: 'Ok', data: { query: { n: '7' }, body: { radius: 10, name: 'a' } } });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses malformed JSON with 400 naming the body', async () => {
    const res = await invoke(echo, { method: 'POST', rawBody: '{"radius": 1,' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('body');
    expect(res.body.message).toMatch(/^body: malformed JSON/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a body over the limit with 413 before parsing it', async () => {
    const res = await invoke(echo, { method: 'POST', rawBody: `{"name":"${'x'.repeat(2000)}"}` });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/1000 bytes/);
  });

  it('takes a body that arrives already parsed like the same JSON sent as text', async () => {
    for (const parsedBody of [0, false, 'text', [1]]) {
      const res = await invoke(echo, { method: 'POST', parsedBody });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, field: 'body' });
      expect(res.body.request_id).toBe(res.headers['x-request-id']);
    }
    const ok = await invoke(echo, { method: 'POST', parsedBody: { radius: 1, name: 'n' } });
    expect(ok.body.data.body).toEqual({ radius: 1, name: 'n' });
    const huge = await invoke(echo, { method: 'POST', parsedBody: { name: 'x'.repeat(2000) } });
    expect(huge.status).toBe(413);
  });

  it('names every broken field and rule', async () => {
    const res = await invoke(echo, { method: 'POST', body: { radius: 60000 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('radius: must be at most 50000; name: is required');
    expect(res.body.field).toBe('radius');
  });

  it('names query parameters with their prefix', async () => {
    const res = await invoke(echo, { query: { n: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'query.n', message: 'query.n: must be digits' });
  });

  it('refuses any query value over 256 characters', async () => {
    expect((await invoke(echo, { query: { anything: 'a'.repeat(256) } })).status).toBe(200);
    const res = await invoke(echo, { query: { anything: 'a'.repeat(257) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('query.anything: must be at most 256 characters long');
  });

  it('ignores unknown body fields', async () => {
    const res = await invoke(echo, { method: 'POST', body: { radius: 1, name: 'n', extra: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.body).toEqual({ radius: 1, name: 'n' });
  });

  it('turns domain errors into the error body with their headers', async () => {
    const res = await invoke(failing(conflict('custom_id: already exists', 'custom_id')), { method: 'POST' });
    expect(res.status).toBe(409);
    expect(res.headers['x-should-retry']).toBe('false');
    expect(res.body).toMatchObject({ status: 409, message: 'custom_id: already exists', field: 'custom_id' });
    const bad = await invoke(failing(invalid('ps', 'must be at most 100')));
    expect(bad.body.message).toBe('ps: must be at most 100');
  });

  it('hides faults behind a 500 with only the request id, and stops retries after a write', async () => {
    const res = await invoke(failing(new Error('secret detail at line 42')), { method: 'DELETE' });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toMatch(/secret|line 42|stack/);
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
    expect(res.headers['x-should-retry']).toBe('false');
    const read = await invoke(failing(new Error('x')), { method: 'GET' });
    expect(read.headers['x-should-retry']).toBeUndefined();
  });

  it('lets a handler choose status and headers', async () => {
    const created = publicHandler({ name: 'test.reply', run: async () => reply(202, { ok: true }, { 'x-thing': '1' }) });
    const res = await invoke(created, { method: 'POST' });
    expect(res.status).toBe(202);
    expect(res.headers['x-thing']).toBe('1');
    expect(res.body).toEqual({ ok: true });
  });
});
