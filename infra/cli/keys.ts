import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { issueRootKey } from '../../shared/auth/issue';
import { hashApiKey } from '../../shared/auth/keys';
import { LIMIT_NAMES, SERVICES, type LimitName, type Quota, type Service } from '../../shared/auth/model';
import { DynamoKeyStore } from '../../shared/auth/dynamo-store';
import { config } from '../../shared/platform/config';
import { isApiError } from '../../shared/platform/errors';
import { readStackFile } from '../local/stack-file';
import { quietSdk } from '../local/quiet-sdk';

/** Seconds as "10 s" or "15 min". */
const span = (seconds: number) => (seconds % 60 === 0 && seconds >= 60 ? `${seconds / 60} min` : `${seconds} s`);

function usage(): string {
  const delay = config.keyActivationDelaySeconds();
  const cache = config.keyCacheMs() / 1000;
  return `Usage: npm run keys -- <command> [options]

Commands:
  create --org ORG [--services geofence,optimization,multigeocode,tracking]
         [--regions REGION,...|*] [--label TEXT] [--quota NAME=PER_SECOND/PER_MINUTE ...]
                         Issue an organisation (root) key. It is printed once; only its hash is stored.
                         ORG: letters, digits, ".", "-" and "_", at most 64.
  list --org ORG         List the organisation's keys: the id (the key's SHA-256, which disable and
                         enable accept), namespace, services, state, creation time and label.
  disable KEY_OR_ID      Stop a key. A function instance that looked the key up shortly before may
                         keep accepting it for up to WAYMARK_KEY_CACHE_MS (default 10 s), never longer
                         than WAYMARK_KEY_DELAY_SECONDS (default 15 min): with this shell's settings,
                         ${span(cache)}; the deployed functions' own settings are what count.
                         Disabling an organisation key also stops every namespaced key it created,
                         WAYMARK_KEY_DELAY_SECONDS later (here ${span(delay)}), as deleting them would.
  enable KEY_OR_ID       Let a disabled key (and the namespaced keys it created) work again.

Target: the running local stack (npm start) by default; set WAYMARK_STAGE and AWS
credentials (and no WAYMARK_DYNAMODB_ENDPOINT) to manage the keys of a deployed stage.`;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage()}\n`);
  process.exit(2);
}

function targetLocalStackIfRunning(): void {
  if (process.env.WAYMARK_DYNAMODB_ENDPOINT || process.env.WAYMARK_STAGE) return;
  const stack = readStackFile(resolve(process.env.WAYMARK_DATA_DIR ?? '.data'));
  if (!stack) fail('No running local stack found (start it with `npm start`), and WAYMARK_STAGE is not set.');
  process.env.WAYMARK_DYNAMODB_ENDPOINT = stack.dynamodb;
  process.env.WAYMARK_STAGE = 'local';
}

function parseServices(raw: string | undefined): Service[] | undefined {
  if (!raw) return undefined;
  const services = raw.split(',').map((s) => s.trim());
  for (const s of services) if (!(SERVICES as readonly string[]).includes(s)) fail(`unknown service "${s}"`);
  return services as Service[];
}

function parseQuotas(raw: string[] | undefined): Partial<Record<LimitName, Quota>> | undefined {
  if (!raw?.length) return undefined;
  const quotas: Partial<Record<LimitName, Quota>> = {};
  for (const entry of raw) {
    const match = /^([a-z_]+)=(\d*)\/(\d*)$/.exec(entry);
    if (!match || !(LIMIT_NAMES as readonly string[]).includes(match[1])) fail(`bad --quota "${entry}"`);
    quotas[match[1] as LimitName] = {
      ...(match[2] ? { perSecond: Number(match[2]) } : {}),
      ...(match[3] ? { perMinute: Number(match[3]) } : {}),
    };
  }
  return quotas;
}

const toHash = (value: string) => (/^[0-9a-f]{64}$/.test(value) ? value : hashApiKey(value));
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Namespaced keys created before keys recorded their creator cannot be traced to one organisation
 * key, so disabling any of the organisation's root keys deletes them (same delay as the API).
 */
async function stopUnlinkedChildren(store: DynamoKeyStore, hash: string, now: number): Promise<void> {
  const key = await store.findByHash(hash);
  if (!key || key.namespace !== null) return;
  const until = now + config.keyActivationDelaySeconds();
  const unlinked = (await store.listByOrg(key.org)).filter((k) => k.namespace !== null && !k.parent_hash && !k.active_until);
  for (const child of unlinked) await store.revokeAt(child.hash, until);
  if (unlinked.length) process.stdout.write(`${unlinked.length} older namespaced key(s) of ${key.org} deleted as of ${iso(until)}\n`);
  process.stdout.write(`namespaced keys created by this key stop at ${iso(until)}\n`);
}

async function main(): Promise<void> {
  quietSdk();
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      org: { type: 'string' },
      services: { type: 'string' },
      regions: { type: 'string' },
      label: { type: 'string' },
      quota: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command) fail('');
  targetLocalStackIfRunning();
  const store = new DynamoKeyStore();
  switch (command) {
    case 'create': {
      if (!values.org) fail('create needs --org');
      const { key, record } = await issueRootKey(store, {
        org: values.org,
        services: parseServices(values.services),
        regions: values.regions?.split(',').map((r) => r.trim()),
        label: values.label,
        quotas: parseQuotas(values.quota),
        now: Math.floor(Date.now() / 1000),
      });
      process.stdout.write(`API key: ${key}\n`);
      process.stdout.write(`org ${record.org}; services ${record.services.join(',')}; regions ${record.regions.join(',')}\n`);
      process.stdout.write('Store it now: it is not shown again (only its SHA-256 is kept).\n');
      return;
    }
    case 'list': {
      if (!values.org) fail('list needs --org');
      const keys = await store.listByOrg(values.org);
      const byHash = new Map(keys.map((k) => [k.hash, k]));
      for (const k of keys) {
        const parent = k.parent_hash ? byHash.get(k.parent_hash) : undefined;
        const stopsAt = parent?.status === 'disabled' ? (parent.disabled_at ?? 0) + config.keyActivationDelaySeconds() : undefined;
        const state =
          k.status === 'disabled'
            ? 'disabled'
            : k.active_until
              ? `deleted at ${iso(k.active_until)}`
              : stopsAt !== undefined
                ? `its organisation key is disabled: stops at ${iso(stopsAt)}`
                : 'active';
        process.stdout.write(
          `${k.hash}  ${k.namespace ?? '(root)'}  ${k.services.join(',')}  ${state}  created ${iso(k.created_at)}${k.label ? `  ${k.label}` : ''}\n`,
        );
      }
      return;
    }
    case 'disable':
    case 'enable': {
      if (!arg) fail(`${command} needs a key or its id (the full hash \`list\` shows)`);
      const hash = toHash(arg);
      const now = Math.floor(Date.now() / 1000);
      const ok = await store.setStatus(hash, command === 'disable' ? 'disabled' : 'active', now);
      if (!ok) fail('no such key (give the key itself or the 64-character id `list` shows)');
      process.stdout.write(`${command}d\n`);
      if (command === 'disable') await stopUnlinkedChildren(store, hash, now);
      return;
    }
    default:
      fail(`unknown command "${command}"`);
  }
}

main().catch((error: Error) => {
  if (isApiError(error) && error.status === 400) fail(error.message);
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
