// Fixtures of the browser tests (@playwright/test): a record of every request of the test's browser
// context that fails the test when one went to another origin than the site's, and a plain static
// file server over dist/client standing in for a static host.
import { type BrowserContext, test as base, expect, type Locator, type Page, type Request } from '@playwright/test';
import { type StaticHost, startStaticHost, withBuiltStaticHost } from './static-host.ts';

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

/**
 * The browser test fixtures on a site built for the spec file (a fixture description, several APIs,
 * locales) and served as a static host serves it: built once per worker into `dist`, deleted after;
 * `baseURL` is the host's.
 * @param build runs the build into `dist` (a non-zero status fails with the end of its output)
 */
export function testOnBuiltSite(dist: string, build: () => { status: number | null; output: string }) {
  const built = test.extend<object, { builtHost: StaticHost }>({
    builtHost: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function needs from its first parameter.
      async ({}, use) => withBuiltStaticHost(dist, build, use),
      { scope: 'worker', timeout: 300_000 },
    ],
  });
  built.use({ baseURL: async ({ builtHost }, use) => use(builtHost.url) });
  return built;
}

/** A result of the search dialog: its page's path and the version and API it shows (Pagefind meta). */
export interface SearchResult {
  path: string;
  version?: string;
  api?: string;
}

/**
 * The results of the search dialog once Pagefind has answered, every page of results loaded, read in one
 * go (Pagefind redraws the list while it searches).
 */
export async function searchResults(page: Page): Promise<SearchResult[]> {
  await expect(page.locator('site-search .pagefind-ui__message')).toContainText(/results? for/, { timeout: 15_000 });
  const more = page.locator('site-search .pagefind-ui__button');
  while (await more.isVisible()) await more.click();
  return page.locator('site-search .pagefind-ui__results').evaluate((list) =>
    [...list.querySelectorAll(':scope > .pagefind-ui__result')].map((item) => {
      const meta = (name: string) => item.querySelector(`[data-pagefind-ui-meta="${name}"]`)?.textContent?.trim();
      const version = meta('version');
      const api = meta('api');
      return {
        path: new URL(item.querySelector('a.pagefind-ui__result-link')?.getAttribute('href') ?? '', location.href)
          .pathname,
        ...(version === undefined ? {} : { version }),
        ...(api === undefined ? {} : { api }),
      };
    }),
  );
}
