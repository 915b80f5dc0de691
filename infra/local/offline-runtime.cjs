'use strict';

// The local runtime `npm start` gives serverless-offline in place of serverless-esbuild
// (serverless.yml picks it through WAYMARK_BUNDLER_PLUGIN). serverless-esbuild keeps one
// incremental esbuild context per function alive for a watch mode the in-process runner
// cannot use (a loaded ES module is never reloaded), and its service process held gigabytes.
// Here every handler is built once, into the stack's own folder, with the code handlers
// share split into common chunks: the one API process then holds one copy of each library
// and one of each cache, like one server. esbuild's service process is stopped after the
// build, every handler module is loaded before the server answers (no slow first request),
// and serverless-offline's own error replies (such as a body over its 10 MB limit) leave
// in the API's JSON error shape.

const { rmSync } = require('node:fs');
const { dirname, relative, resolve } = require('node:path');
const { pathToFileURL } = require('node:url');

const HOOKS_BEFORE_START = ['before:offline:start', 'before:offline:start:init'];

class OfflineRuntime {
  constructor(serverless, options, { log }) {
    this.serverless = serverless;
    this.log = log;
    this.built = false;
    const start = () => this.prepare();
    this.hooks = Object.fromEntries(HOOKS_BEFORE_START.map((hook) => [hook, start]));
    this.hooks['before:offline:start:ready'] = () => this.answerErrorsAsJson();
  }

  get root() {
    return this.serverless.serviceDir ?? this.serverless.config.servicePath;
  }

  get outDir() {
    const dir = process.env.WAYMARK_BUILD_DIR;
    if (!dir) throw new Error('WAYMARK_BUILD_DIR is not set: the offline runtime builds only for npm start');
    return resolve(this.root, dir);
  }

  /** Handler file (without extension) -> function definition, one per file. */
  handlerModules() {
    const modules = new Map();
    for (const fn of Object.values(this.serverless.service.functions ?? {})) {
      if (!fn.handler) continue;
      const module = fn.handler.replace(/\.[^.]+$/, '');
      if (!modules.has(module)) modules.set(module, fn);
    }
    return modules;
  }

  async prepare() {
    if (this.built) return;
    this.built = true;
    await exposeConnections();
    const modules = this.handlerModules();
    const started = Date.now();
    await this.build([...modules.keys()]);
    this.log.notice(`Built ${modules.size} handlers into ${relative(this.root, this.outDir)} in ${Date.now() - started} ms`);
    const custom = this.serverless.service.custom;
    custom['serverless-offline'] = { ...custom['serverless-offline'], location: relative(this.root, this.outDir) };
    await this.load(modules);
  }

  async build(modules) {
    const esbuild = require('esbuild');
    const options = this.serverless.service.custom?.esbuild ?? {};
    rmSync(this.outDir, { recursive: true, force: true });
    try {
      await esbuild.build({
        absWorkingDir: this.root,
        entryPoints: modules.map((m) => `${m}.ts`),
        outbase: '.',
        outdir: this.outDir,
        bundle: true,
        splitting: true,
        chunkNames: 'chunks/[name]-[hash]',
        format: options.format ?? 'esm',
        platform: options.platform ?? 'node',
        target: options.target ?? 'node20',
        minify: false,
        sourcemap: false,
        outExtension: { '.js': options.outputFileExtension ?? '.mjs' },
        banner: options.banner,
        logLevel: 'warning',
      });
    } finally {
      // The build is done for the life of the stack; nothing should hold its memory.
      await esbuild.stop();
    }
  }

  /**
   * Imports every handler as serverless-offline's in-process runner will (same file URL,
   * so the runner gets these very module instances), with the environment the runner
   * would set, so modules that read it while loading (the geocoding index) find it.
   */
  async load(modules) {
    const provider = this.serverless.service.provider.environment ?? {};
    const ext = this.serverless.service.custom?.esbuild?.outputFileExtension ?? '.mjs';
    const started = Date.now();
    for (const [module, fn] of modules) {
      Object.assign(process.env, strings(provider), strings(fn.environment ?? {}), { IS_OFFLINE: 'true' });
      await import(pathToFileURL(resolve(this.outDir, `${module}${ext}`)).href);
    }
    this.log.notice(`Loaded ${modules.size} handlers in ${Date.now() - started} ms`);
  }

  answerErrorsAsJson() {
    const offline = this.serverless.pluginManager.plugins.find((p) => p.constructor?.name === 'ServerlessOffline');
    const server = offline?.internals?.().getApiGatewayServer();
    if (!server) {
      this.log.warning('serverless-offline API server not found: its own errors keep its reply shape');
      return;
    }
    server.ext('onRequest', keepEncodedBodyAsBytes);
    server.ext('onPreResponse', jsonErrorReply);
  }
}

/**
 * A compressed body (`Content-Encoding: gzip` with `Content-Type: application/json`, as clients
 * send large optimization problems) reaches the function as bytes, base64-encoded, the way API
 * Gateway hands over a body that is not UTF-8 text. serverless-offline passes bytes through only
 * for a binary content type and would decode gzip data as UTF-8 text, mangling it, so the content
 * type seen by its event builder is made binary; no handler reads the content type.
 */
function keepEncodedBodyAsBytes(request, h) {
  const coding = String(request.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (coding !== '' && coding !== 'identity') request.headers['content-type'] = 'application/octet-stream';
  return h.continue;
}

/**
 * A reply serverless-offline makes itself (hapi's Boom errors: a body over its size limit,
 * a malformed request) gets the reply every handler error has. Handler replies are not Boom.
 */
function jsonErrorReply(request, h) {
  const response = request.response;
  if (!response || !response.isBoom) return h.continue;
  const { emulatorErrorReply } = emulatorErrors();
  // hapi names its limit at the end of the message ("... maximum allowed: 10485760").
  const limit = Number(/(\d+)\s*$/.exec(String(response.message))?.[1] ?? Infinity);
  const reply = emulatorErrorReply(response.output.statusCode, String(response.output.payload.message), limit);
  const out = h.response(reply.body).code(reply.statusCode);
  for (const [name, value] of Object.entries(reply.headers)) out.header(name, String(value));
  return out;
}

let loadedEmulatorErrors;

/** The TypeScript reply builder, loaded through tsx on the first error (the API's own modules are bundles). */
function emulatorErrors() {
  if (!loadedEmulatorErrors) {
    const { require: tsxRequire } = require('tsx/cjs/api');
    loadedEmulatorErrors = tsxRequire('./emulator-errors.ts', __filename);
  }
  return loadedEmulatorErrors;
}

/**
 * The live channel's fan-out runs in this process, beside serverless-offline's web socket
 * server: it posts to a connection by handing the message to that server's client list
 * (shared/live/sender.ts, LocalConnectionSender) instead of an HTTP round trip to the
 * server's own /@connections route, which cost about as much CPU as the upload's DynamoDB
 * calls at four subscribers. The list is the one instance serverless-offline creates; it is
 * known once its first client connects (nothing can be posted to before that).
 */
async function exposeConnections() {
  const file = resolve(dirname(require.resolve('serverless-offline')), 'events/websocket/WebSocketClients.js');
  const { default: WebSocketClients } = await import(pathToFileURL(file).href);
  const addClient = WebSocketClients.prototype.addClient;
  if (typeof addClient !== 'function' || typeof WebSocketClients.prototype.send !== 'function') return; // another version: posts stay HTTP
  WebSocketClients.prototype.addClient = function (...args) {
    globalThis[Symbol.for('waymark.localConnections')] = this;
    return addClient.apply(this, args);
  };
}

function strings(env) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string' || typeof v === 'number'));
}

module.exports = OfflineRuntime;
