'use strict';

// Lets a function in functions/<service>/functions.yml carry `documented: false`
// (HTML pages and their assets, which are not API operations). Only the OpenAPI
// generator (infra/openapi/routes.ts) reads it; declaring it here keeps osls's
// strict configuration validation passing.
class DocumentedMarker {
  constructor(serverless) {
    serverless.configSchemaHandler.defineFunctionProperties('aws', {
      properties: { documented: { type: 'boolean' } },
    });
  }
}

module.exports = DocumentedMarker;
