// The system Chromium (never a downloaded browser), launched the same way by the browser tests
// (playwright.config.ts) and the benchmarks (bench/site.ts).
import { type Browser, chromium } from '@playwright/test';

/** `CHROMIUM_PATH`, or Debian's /usr/bin/chromium. */
export const CHROMIUM_PATH: string = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for Chromium in a container: no sandbox, no GPU, no background traffic to Google. */
export const CHROMIUM_ARGS: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts the system Chromium headless, outside the test runner (for benchmarks). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
