import { spawnSync } from 'node:child_process';
import { ensureConsoleBuilt, ensureOpenApiWritten } from '../local/build-outputs';
import { reportPackages } from './report';

// `npm run package [-- serverless options]`: `serverless package` offline (stage
// dev unless --stage is given), then the size of every function's zip. The console
// and the OpenAPI document ship as files from build/, so they are made current first.

const say = (line: string) => process.stdout.write(`${line}\n`);
ensureConsoleBuilt(process.cwd(), say);
ensureOpenApiWritten(process.cwd(), say);
const args = process.argv.slice(2);
if (!args.includes('--stage')) args.push('--stage', 'dev');
const packaged = spawnSync(process.execPath, ['node_modules/serverless/bin/serverless.js', 'package', ...args], { stdio: 'inherit' });
if (packaged.status !== 0) process.exit(packaged.status ?? 1);
const dir = args.includes('--package') ? args[args.indexOf('--package') + 1] : '.serverless';
process.stdout.write('\n');
const fits = reportPackages(dir, (line) => process.stdout.write(`${line}\n`));
process.exit(fits ? 0 : 1);
