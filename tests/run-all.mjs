// `npm test`: lint, type-check and the tests at once, failing if any of the three fails.
//
// The tests leave a core idle for much of a run (waits on stacks, emulators, solver budgets):
// on the 2-core machines of CI and the developers, lint and the type-check run in those gaps
// rather than before the tests. They run at low priority (nice 10) so that a test with a timing
// never waits for them; their output is held back and printed after the tests, so the test
// reporter's output is not interleaved with it. Arguments go to `vitest run`.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

// Windows runs npm through its .cmd shim, which Node spawns only through a shell.
const windows = process.platform === 'win32';
const npm = windows ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>` at low priority, collecting its output. */
function background(script) {
  const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: windows });
  try {
    setPriority(child.pid, 10);
  } catch {
    // A platform that refuses only loses the priority, not the check.
  }
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const started = Date.now();
  return new Promise((done) =>
    child.on('close', (code) => done({ script, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 })),
  );
}

const checks = [background('lint'), background('typecheck')];

const env = {
  ...process.env,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
};
const vitest = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
const testsCode = await new Promise((done) => vitest.on('close', (code) => done(code ?? 1)));

let failed = testsCode !== 0;
for (const { script, code, output, seconds } of await Promise.all(checks)) {
  if (code === 0) {
    console.log(`npm run ${script}: passed (${seconds.toFixed(0)} s)`);
    continue;
  }
  failed = true;
  console.log(`\nnpm run ${script}: FAILED (exit ${code})\n${output}`);
}
process.exit(failed ? 1 : 0);
