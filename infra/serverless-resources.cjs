// Bridge from serverless.yml (which loads .cjs files with require) to the typed
// declarations: `${file(./infra/serverless-resources.cjs):resources}` and friends.
const { register } = require('tsx/cjs/api');

function load() {
  const unregister = register();
  try {
    return require('./cloudformation.ts');
  } finally {
    unregister();
  }
}

async function stageOf({ resolveVariable }) {
  return resolveVariable('sls:stage');
}

module.exports = {
  resources: async (ctx) => load().resources(await stageOf(ctx)),
  environment: async (ctx) => load().environment(await stageOf(ctx)),
  iamStatements: async () => load().iamStatements(),
};
