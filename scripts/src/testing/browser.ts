import { chromium, type Browser } from 'playwright-core';

// Debian's chromium, never a downloaded browser; the flags keep it off the (closed) network.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Launches headless Chromium for a browser test. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.FAJR_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
    headless: true,
  });
}
