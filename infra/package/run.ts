import { spawnSync } from 'node:child_process';
import { reportPackages } from './report';

// `npm run package [-- serverless options]`: `serverless package` offline (stage
// dev unless --stage is given), then the size of every function's zip.

const args = process.argv.slice(2);
if (!args.includes('--stage')) args.push('--stage', 'dev');
const packaged = spawnSync(process.execPath, ['node_modules/serverless/bin/serverless.js', 'package', ...args], { stdio: 'inherit' });
if (packaged.status !== 0) process.exit(packaged.status ?? 1);
const dir = args.includes('--package') ? args[args.indexOf('--package') + 1] : '.serverless';
process.stdout.write('\n');
const fits = reportPackages(dir, (line) => process.stdout.write(`${line}\n`));
process.exit(fits ? 0 : 1);
