import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { issueRootKey } from '../../shared/auth/issue';
import { hashApiKey } from '../../shared/auth/keys';
import { LIMIT_NAMES, SERVICES, type LimitName, type Quota, type Service } from '../../shared/auth/model';
import { DynamoKeyStore } from '../../shared/auth/dynamo-store';
import { readStackFile } from '../local/stack-file';
import { quietSdk } from '../local/quiet-sdk';

const USAGE = `Usage: npm run keys -- <command> [options]

Commands:
  create --org ORG [--services geofence,optimization,multigeocode,tracking]
         [--regions REGION,...|*] [--label TEXT] [--quota NAME=PER_SECOND/PER_MINUTE ...]
                         Issue an organisation (root) key. It is printed once; only its hash is stored.
  list --org ORG         List the organisation's keys (hash prefix, namespace, services, state).
  disable KEY_OR_HASH    Stop a key from working at once.
  enable KEY_OR_HASH     Let a disabled key work again.

Target: the running local stack (npm start) by default; set WAYMARK_STAGE and AWS
credentials (and no WAYMARK_DYNAMODB_ENDPOINT) to manage the keys of a deployed stage.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
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
      for (const k of await store.listByOrg(values.org)) {
        const state = k.status === 'disabled' ? 'disabled' : k.active_until ? `deleted at ${k.active_until}` : 'active';
        process.stdout.write(
          `${k.hash.slice(0, 16)}  ${k.namespace ?? '(root)'}  ${k.services.join(',')}  ${state}  created ${new Date(k.created_at * 1000).toISOString()}${k.label ? `  ${k.label}` : ''}\n`,
        );
      }
      return;
    }
    case 'disable':
    case 'enable': {
      if (!arg) fail(`${command} needs a key or its full hash`);
      const ok = await store.setStatus(toHash(arg), command === 'disable' ? 'disabled' : 'active');
      if (!ok) fail('no such key');
      process.stdout.write(`${command}d\n`);
      return;
    }
    default:
      fail(`unknown command "${command}"`);
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
