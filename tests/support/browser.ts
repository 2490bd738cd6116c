// Fixtures of the browser tests (@playwright/test): a record of every request of the test's browser
// context that fails the test when one went to another origin than the site's, and a plain static
// file server over dist/client standing in for a static host.
import { type BrowserContext, test as base, expect, type Locator, type Page, type Request } from '@playwright/test';
import { type StaticHost, startStaticHost } from './static-host.ts';

/** Every request a browser context made, in order, plus the ones that failed. */
export interface RequestLog {
  urls: string[];
  failed: string[];
  /** Requests whose origin is not `origin` (data:, blob: and about:blank excepted). */
  foreign(origin: string): string[];
}

/**
 * How long a test waits for Scalar's explorer or request client to render (ms). They parse about 1 MB of
 * JavaScript first, which takes seconds on a quiet machine and tens of seconds on a loaded 2-core CI
 * runner: a bound on the wait, not a performance budget (the benchmarks measure that).
 */
export const SCALAR_RENDER_MS = 45_000;

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

export const test = base.extend<
  { origin: string; requestLog: RequestLog; onlySiteRequests: undefined },
  { staticHost: StaticHost }
>({
  /** The origin under test: `baseURL` (the site, or the static host where a describe sets it). */
  origin: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('no baseURL: playwright.config.ts sets it to the site it starts');
    await use(new URL(baseURL).origin);
  },
  requestLog: async ({ context }, use) => {
    await use(recordRequests(context));
  },
  // Automatic: after every test, no request of its context may have left the origin under test.
  onlySiteRequests: [
    async ({ requestLog, origin }, use) => {
      await use(undefined);
      base.expect(requestLog.foreign(origin), 'requests to other hosts').toEqual([]);
    },
    { auto: true },
  ],
  staticHost: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function needs from its first parameter.
    async ({}, use) => {
      const host = await startStaticHost();
      await use(host);
      await host.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';

/**
 * Opens Starlight's search dialog and returns its input once Pagefind's UI has drawn it. Starlight
 * enables the button when its element is defined, but builds the Pagefind UI (the input) only when
 * the browser is next idle; on a loaded runner a click can land before that, or the dialog can open
 * empty. So: click while the dialog is closed, then wait for the input; if the dialog stays empty,
 * reload and try again, up to 60 s.
 */
export async function openSiteSearch(page: Page): Promise<Locator> {
  const button = page.locator('site-search button[data-open-modal]').first();
  const open = page.locator('site-search dialog[open]');
  const input = page.locator('site-search dialog input').first();
  let tries = 0;
  await expect(async () => {
    // Starlight registers its DOMContentLoaded listener from the element's constructor; when that
    // runs after the event, the UI is never built. A reload runs the page again.
    if (tries++ > 0 && (await open.count()) > 0) await page.reload();
    if ((await open.count()) === 0) await button.click({ timeout: 5_000 });
    await input.waitFor({ state: 'visible', timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  return input;
}
