// The Content-Security-Policy in Chromium (playwright-core with the system browser): no page logs a
// violation, with search (Pagefind's WebAssembly and worker) and the reference's try-it client (a
// request to the mock) exercised under the policy.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/chromium.ts';
import { type RunningSite, startSite } from '../../support/server.ts';

let site: RunningSite;
let browser: Browser;
before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

/** Opens a page that records every CSP violation (DOM events and console reports). */
async function open(path: string): Promise<{ page: Page; violations: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  return { page, violations };
}

describe('CSP in Chromium', () => {
  for (const path of [
    '/',
    '/guides/getting-started/',
    '/guides/custom-domains/',
    '/reference/',
    '/reference/list-pets/',
    '/reference/schemas/pet/',
    '/no-such-page',
  ]) {
    test(`${path}: no violation`, async () => {
      const { page, violations } = await open(path);
      assert.ok(await page.locator('h1').first().isVisible());
      assert.deepEqual(violations, []);
      await page.context().close();
    });
  }

  test('search works under the policy (Pagefind: WebAssembly, worker, fetch)', async () => {
    const { page, violations } = await open('/');
    await page.locator('button[data-open-modal]').first().click();
    await page.locator('dialog input[type="search"], site-search input').first().fill('ANAME');
    await page.locator('.pagefind-ui__result').first().waitFor({ timeout: 10_000 });
    const hrefs = await page
      .locator('.pagefind-ui__result-link')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    assert.ok(hrefs.includes('/guides/custom-domains/'), `results: ${hrefs.join(', ')}`);
    assert.deepEqual(violations, []);
    await page.context().close();
  });

  test('an operation page: try-it loads the request client and reaches the mock, with no violation', async () => {
    const { page, violations } = await open('/reference/list-pets/');
    await page.getByRole('button', { name: 'Try it' }).click();
    const send = page.locator('.scalar-client').getByRole('button', { name: /^send/i }).first();
    await send.waitFor({ timeout: 30_000 });
    const answered = page.waitForResponse((r) => r.url().includes('/api/mock/pets') && r.request().method() === 'GET');
    await send.click();
    assert.equal((await answered).status(), 200);
    assert.deepEqual(violations, []);
    await page.context().close();
  });

  test('/reference/explorer/: the explorer renders and try-it reaches the mock, with no violation', async () => {
    const { page, violations } = await open('/reference/explorer/#tag/animals/GET/pets');
    assert.equal(
      await page.evaluate(
        () => (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless,
      ),
      true,
      'zod is told not to probe new Function',
    );
    await page
      .getByRole('button', { name: /test request/i })
      .first()
      .click();
    const answered = page.waitForResponse((r) => r.url().includes('/api/mock/pets') && r.request().method() === 'GET');
    await page.getByRole('button', { name: /^send/i }).first().click();
    assert.equal((await answered).status(), 200);
    assert.deepEqual(violations, []);
    await page.context().close();
  });

  test('the detection works: an inline script without a hash is blocked and reported', async () => {
    const { page, violations } = await open('/');
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { __ran?: boolean };
      const el = document.createElement('script');
      el.textContent = 'window.__ran = true';
      document.body.append(el);
      await new Promise((r) => setTimeout(r, 100));
      return w.__ran === true;
    });
    assert.equal(ran, false);
    assert.ok(
      violations.some((v) => v.startsWith('script-src')),
      violations.join('\n'),
    );
    await page.context().close();
  });
});
