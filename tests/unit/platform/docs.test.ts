import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as asset } from '../../../functions/platform/docs-asset';
import { handler as page } from '../../../functions/platform/docs';

// The docs page and its assets are not JSON, so they are called directly rather
// than through the JSON-parsing invoke() helper.
async function get(handler: typeof page, path: string, pathParameters?: Record<string, string>) {
  const event = {
    version: '2.0',
    rawPath: path,
    rawQueryString: '',
    headers: {},
    pathParameters,
    isBase64Encoded: false,
    requestContext: { requestId: randomUUID(), http: { method: 'GET', path } },
  } as unknown as APIGatewayProxyEventV2;
  const context = { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
  const response = await handler(event, context);
  return { ...response, headers: (response.headers ?? {}) as Record<string, string>, body: String(response.body ?? '') };
}

describe('API reference page', () => {
  it('is HTML that loads Swagger UI from /docs and the document from /openapi.json', async () => {
    const res = await get(page, '/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('src="/docs/swagger-ui-bundle.js"');
    expect(res.body).toContain('href="/docs/swagger-ui.css"');
    expect(res.body).toContain('src="/docs/init.js"');
    expect(res.body).not.toMatch(/https?:\/\/(?!www\.w3)/); // nothing from a CDN
  });

  it('runs no inline script, and says so in its Content-Security-Policy', async () => {
    const res = await get(page, '/docs');
    // Every <script> has a src: the policy below would block an inline one.
    expect(res.body.match(/<script[^>]*>/g)!.every((tag) => / src="\/docs\/[^"]+"/.test(tag))).toBe(true);
    const csp = res.headers['content-security-policy'];
    // Exactly 'self': no 'unsafe-inline', no 'unsafe-eval', no other origin.
    expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const init = await get(asset, '/docs/init.js', { file: 'init.js' });
    expect(init.statusCode).toBe(200);
    expect(init.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(init.body).toContain("fetch('/openapi.json')");
    expect(init.body).toContain('SwaggerUIBundle(');
  });

  it('serves the allowed assets with their content types', async () => {
    const js = await get(asset, '/docs/swagger-ui-bundle.js', { file: 'swagger-ui-bundle.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toContain('SwaggerUIBundle');
    const css = await get(asset, '/docs/swagger-ui.css', { file: 'swagger-ui.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const png = await get(asset, '/docs/favicon-32x32.png', { file: 'favicon-32x32.png' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.isBase64Encoded).toBe(true);
    expect(Buffer.from(png.body, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers 404 with the JSON error body for anything else', async () => {
    for (const file of ['package.json', '../../package.json', 'swagger-ui.js.map', 'index.html']) {
      const res = await get(asset, `/docs/${file}`, { file });
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.body).status).toBe(404);
    }
  });
});
