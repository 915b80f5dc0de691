// Bridge from serverless.yml (which loads .cjs files with require) to the typed
// declarations: `${file(./infra/serverless-resources.cjs):resources}` and friends.
const { register } = require('tsx/cjs/api');

function load(module = './cloudformation.ts') {
  const unregister = register();
  try {
    return require(module);
  } finally {
    unregister();
  }
}

function roadNetworkPatterns() {
  const { networkDir, networkPackagePatterns } = load('./package/road-networks.ts');
  const net = networkDir();
  const packaging = process.argv.includes('package') || process.argv.includes('deploy');
  if (net && !net.inProject && packaging) {
    process.stderr.write(
      `WAYMARK_NETWORK_DIR=${net.dir} is outside the project: no road network is packaged, the deployed functions route on none\n`,
    );
  }
  return networkPackagePatterns();
}

async function stageOf({ resolveVariable }) {
  return resolveVariable('sls:stage');
}

/** `--param alarmTopicArn=...` (or `params:` in serverless.yml); unset is fine. */
async function alarmSettings({ resolveVariable }) {
  const alarmTopicArn = await resolveVariable('param:alarmTopicArn, null');
  return alarmTopicArn ? { alarmTopicArn } : {};
}

module.exports = {
  resources: async (ctx) => load().resources(await stageOf(ctx), await alarmSettings(ctx)),
  environment: async (ctx) => load().environment(await stageOf(ctx)),
  iamStatements: async () => load().iamStatements(),
  roadNetworkPatterns: async () => roadNetworkPatterns(),
  // the GET geocoding family: the gazetteer, the road networks whose named streets it geocodes and
  // the regions' address indexes beside them
  streetGeocodingPatterns: async () => {
    const networks = roadNetworkPatterns();
    const addresses = networks.filter((p) => p.endsWith('/*.wmrg')).map((p) => p.replace(/\*\.wmrg$/, '*.addresses.tsv.gz'));
    return ['shared/geocoding/data/gazetteer.tsv.gz', ...networks, ...addresses];
  },
  // discover and browse: the same, and the regions' points of interest beside them
  poiGeocodingPatterns: async () => {
    const networks = roadNetworkPatterns();
    const beside = (suffix) => networks.filter((p) => p.endsWith('/*.wmrg')).map((p) => p.replace(/\*\.wmrg$/, `*${suffix}`));
    return ['shared/geocoding/data/gazetteer.tsv.gz', ...networks, ...beside('.addresses.tsv.gz'), ...beside('.pois.tsv.gz')];
  },
};
