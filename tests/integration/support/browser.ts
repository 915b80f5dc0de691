import Chromium from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

// Browser tests drive the headless Chromium shipped inside the @sparticuz/chromium
// npm package (playwright-core downloads no browser): executablePath() unpacks it
// into the temp folder on first use, so neither root nor a system browser is needed.

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

/** Where the npm package's Chromium was unpacked. */
export function chromiumPath(): Promise<string> {
  return Chromium.executablePath();
}

/** Playwright gives every launch a fresh temporary profile of its own and removes it on close. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: ARGS, timeout: 60_000 });
}
