'use strict';

// serverless-esbuild for `serverless package`, with every handler bundled by one esbuild build of
// many entry points instead of one build per handler. Without code splitting each entry still
// gets a bundle of its own, byte for byte the one a build of its own gives, but the shared
// modules (the AWS SDK, zod, the road engine) are parsed once instead of once per function:
// packaging the stack takes a fraction of the CPU. Zipping and everything else stay the plugin's.

const { readdirSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const esbuild = require('esbuild');
const EsbuildServerlessPlugin = require('serverless-esbuild');

/** The plugin's own options, which esbuild would reject. */
const PLUGIN_OPTIONS = [
  'concurrency',
  'zipConcurrency',
  'exclude',
  'nativeZip',
  'packager',
  'packagePath',
  'watch',
  'keepOutputDirectory',
  'packagerOptions',
  'installExtraArgs',
  'outputFileExtension',
  'outputBuildFolder',
  'outputWorkFolder',
  'nodeExternals',
  'skipBuild',
  'skipRebuild',
  'skipBuildExcludeFns',
  'stripEntryResolveExtensions',
  'disposeContext',
];

const withoutExtension = (file) => file.slice(0, file.lastIndexOf('.'));

class EsbuildOneBuild extends EsbuildServerlessPlugin {
  constructor(serverless, options, logging) {
    super(serverless, options, logging);
    this.bundle = () => this.bundleAtOnce();
    const pack = this.pack;
    this.pack = async () => {
      try {
        return await pack();
      } finally {
        removeZipScratch();
      }
    };
  }

  async bundleAtOnce() {
    this.prepare();
    const options = this.buildOptions;
    const esbuildOptions = Object.fromEntries(Object.entries(options).filter(([name]) => !PLUGIN_OPTIONS.includes(name)));
    const exclude = [options.exclude ?? []].flat();
    const entries = [...new Set(this.functionEntries.map(({ entry }) => entry))];
    // outbase '.': each bundle lands where the build of its own put it (its entry's folder under buildDirPath).
    await esbuild.build({
      ...esbuildOptions,
      external: [...[options.external ?? []].flat(), ...(exclude.includes('*') ? [] : exclude)],
      plugins: this.plugins,
      outExtension: options.outputFileExtension === '.js' ? undefined : { '.js': options.outputFileExtension },
      entryPoints: entries,
      outbase: '.',
      outdir: this.buildDirPath,
    });
    const bundlePathOf = (entry) => withoutExtension(entry) + options.outputFileExtension;
    this.buildCache = {};
    this.buildResults = this.functionEntries
      .filter(({ func }) => func !== null)
      .map(({ entry, func, functionAlias }) => ({ bundlePath: bundlePathOf(entry), func, functionAlias }));
  }
}

/**
 * serverless-esbuild zips each function from a scratch folder `<zip name>-<pid>-<ms>-<hex>` in the
 * system's temporary folder and means to delete it afterwards, but its removal is not recursive
 * and fails silently on the full folder: every package left one 2 MB bundle per function behind
 * (about 230 MB a package of this stack, which `npm test` packages once a run).
 */
function removeZipScratch() {
  const ours = new RegExp(`-${process.pid}-\\d{13}-[0-9a-f]{8}$`);
  for (const name of readdirSync(tmpdir())) {
    if (ours.test(name)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

module.exports = EsbuildOneBuild;
