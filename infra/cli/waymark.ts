import { parseArgs } from 'node:util';
import { CliError, resolveTarget } from './waymark-api';
import { optimize } from './waymark-optimize';
import { route } from './waymark-route';
import { seed } from './waymark-seed';
import { exportCommand, importCommand } from './transfer/command';

const USAGE = `Usage: npx waymark <command> [options]

Commands:
  keys ...                      Manage organisation keys (see \`npx waymark keys --help\`).
  network ...                   Import and inspect road networks (see \`npx waymark network --help\`).
  seed                          Put demo data into the stack: Gothenburg geofences, a monitor,
                                two vans with tracks. Safe to run again.
  optimize <problem.json> [--wait] [--timeout SECONDS]
                                Submit a route optimization problem and print the job id; with
                                --wait, follow it (progress on stderr) and print a summary.
  route "lat,lon" "lat,lon" [...] [--mode car|truck]
                                Route through the stops on the loaded road networks and print
                                the distance, the duration and the turn-by-turn steps.

  export --out DIR [--space "org|ns"] [--stage NAME | --dynamodb-endpoint URL]
                                Write every stored item of a space (geofences, monitors, assets
                                with history, places, trips, jobs with results, key metadata)
                                as NDJSON per table with a manifest; resumable.
  import --in DIR [--space "org|ns"] [--stage NAME | --dynamodb-endpoint URL]
                                Load an export into a stage (into another space with --space);
                                idempotent and resumable. Both default to the local stack.

Options (seed, optimize, route):
  --base-url URL                Waymark to talk to (or WAYMARK_BASE_URL); default: the running
                                local stack (npm start).
  --key KEY                     API key (or WAYMARK_API_KEY); default: the local stack's key.
  -h, --help                    Show this text.`;

// keys and network are the existing operator commands; they read process.argv themselves.
const DELEGATES: Record<string, () => Promise<unknown>> = {
  keys: () => import('./keys'),
  network: () => import('./network'),
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const delegate = command ? DELEGATES[command] : undefined;
  if (delegate) {
    process.argv = [process.argv[0], command, ...rest];
    await delegate();
    return;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      key: { type: 'string' },
      wait: { type: 'boolean', default: false },
      timeout: { type: 'string', default: '300' },
      mode: { type: 'string' },
      space: { type: 'string' },
      out: { type: 'string' },
      in: { type: 'string' },
      stage: { type: 'string' },
      'dynamodb-endpoint': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (!command) throw new CliError('no command given', true);
  if (command === 'help' || command === '--help' || command === '-h' || values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const progress = (line: string) => process.stderr.write(`${line}\n`);
  switch (command) {
    case 'seed':
      if (positionals.length) throw new CliError('seed takes no arguments', true);
      await seed(resolveTarget(values), out);
      return;
    case 'optimize': {
      if (positionals.length !== 1) throw new CliError('optimize needs one problem file', true);
      const timeoutSeconds = Number(values.timeout);
      if (!(timeoutSeconds > 0)) throw new CliError('--timeout must be a positive number of seconds', true);
      await optimize(resolveTarget(values), positionals[0], { wait: values.wait, timeoutSeconds, out, progress });
      return;
    }
    case 'route':
      if (values.mode !== undefined && values.mode !== 'car' && values.mode !== 'truck')
        throw new CliError('--mode must be car or truck', true);
      await route(resolveTarget(values), positionals, { mode: values.mode, out });
      return;
    case 'export':
      await exportCommand(values, out, progress);
      return;
    case 'import':
      await importCommand(values, out, progress);
      return;
    default:
      throw new CliError(`unknown command "${command}"`, true);
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  const usage = (error instanceof CliError && error.usage) || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(`waymark: ${error.message}\n${usage ? `\n${USAGE}\n` : ''}`);
  process.exitCode = 1;
});
