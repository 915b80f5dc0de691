import { execSync } from 'node:child_process';
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

export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM} is missing and this user cannot install it: run \`sudo apt-get install -y chromium\` first`);
  }
  execSync('apt-get update && apt-get install -y --no-install-recommends chromium', {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(CHROMIUM)) throw new Error(`installing chromium did not provide ${CHROMIUM}`);
}

/** Playwright gives every launch a fresh temporary profile of its own and removes it on close. */
export async function launchChromium(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 60_000 });
}
