import { publicHandler, rawReply } from '../lib/http-handler';
import { PAGE_SECURITY_HEADERS } from '../lib/respond';

// The API reference page: Swagger UI over /openapi.json, with its assets served by
// docs-asset.ts so the page works offline. The document's `servers` name the default
// local port; the page replaces them with its own origin so "Try it out" calls the
// stack that served it, wherever it runs. The page's script is a served file
// (/docs/init.js), not inline, so the page's Content-Security-Policy can forbid inline script.
const page = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Waymark API reference</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

/** Served as /docs/init.js by docs-asset.ts. */
export const initScript = `fetch('/openapi.json')
  .then((response) => response.json())
  .then((spec) => {
    spec.servers = [{ url: window.location.origin }];
    window.ui = SwaggerUIBundle({
      spec,
      dom_id: '#swagger-ui',
      deepLinking: true,
      persistAuthorization: true,
      tryItOutEnabled: false,
      validatorUrl: null,
    });
  });
`;

export const handler = publicHandler({
  name: 'platform.docs',
  run: async () => rawReply(200, page, 'text/html; charset=utf-8', PAGE_SECURITY_HEADERS),
});
