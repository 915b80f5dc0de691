import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Browser tests drive Debian's Chromium (playwright-core downloads no browser).
// A machine without it gets it installed here rather than a silently skipped
// test; without root that is impossible, and the failure says what to do.

export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Installs Debian's chromium when it is missing; asynchronous, so a stack booting meanwhile keeps its output flowing. */
export async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM} is missing and this user cannot install it: run \`sudo apt-get install -y chromium\` first`);
  }
  const script = 'apt-get update && apt-get install -y --no-install-recommends chromium';
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn('sh', ['-c', script], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0 || !existsSync(CHROMIUM)) throw new Error(`\`${script}\` failed (exit ${code}); ${CHROMIUM} is still missing`);
}

/** Playwright gives every launch a fresh temporary profile of its own and removes it on close. */
export async function launchChromium(): Promise<Browser> {
  await ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 60_000 });
}
