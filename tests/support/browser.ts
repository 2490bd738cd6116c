// Browser helpers for the tests: the system Chromium through playwright-core (never a downloaded
// browser), a record of every request a page makes, and a wrapper that keeps a screenshot of each
// failing test under test-results/<test-name>.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { ROOT } from './server.ts';

/** Launch flags from the project conventions (no sandbox in containers, no background traffic). */
export const CHROMIUM_ARGS: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts the system Chromium headless (`CHROMIUM_PATH` overrides /usr/bin/chromium). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/** Every request a page made, in order, plus the ones that failed. */
export interface RequestLog {
  urls: string[];
  failed: string[];
  /** Requests whose origin is not `origin` (should stay empty). */
  foreign(origin: string): string[];
}

/**
 * Records every request of the pages of a context (`context.on('request')` sees requests from all
 * pages, workers and the service worker).
 */
export function recordRequests(context: BrowserContext): RequestLog {
  const urls: string[] = [];
  const failed: string[] = [];
  context.on('request', (r: Request) => {
    urls.push(r.url());
  });
  context.on('requestfailed', (r: Request) => {
    failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  return {
    urls,
    failed,
    foreign: (origin) =>
      urls.filter((u) => {
        if (u.startsWith('data:') || u.startsWith('blob:') || u === 'about:blank') return false;
        try {
          return new URL(u).origin !== origin;
        } catch {
          return true;
        }
      }),
  };
}

/** File-system-safe name for a test: `no try-it on GET /store/orders` → `no-try-it-on-GET-store-orders`. */
export function safeName(name: string): string {
  return name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/**
 * Runs a test body with a page; when the body throws, saves a full-page screenshot to
 * test-results/<test-name>.png (path printed in the error) before rethrowing.
 */
export async function withScreenshot<T>(name: string, page: Page, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    const dir = join(ROOT, 'test-results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${safeName(name)}.png`);
    try {
      await page.screenshot({ path: file, fullPage: false });
      if (err instanceof Error) err.message += `\n(screenshot: ${file})`;
    } catch {
      /* the page may be gone; keep the original error */
    }
    throw err;
  }
}
