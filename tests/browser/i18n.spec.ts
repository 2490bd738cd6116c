// The reference in the reader's language, in Chromium: the Petstore built with PETSTORE_LOCALES=fr,ar (its
// French overlay included), served as a static host serves it. Switching language on an operation page
// lands on the same operation; the French and Arabic operation pages pass axe-core's WCAG 2.2 AA rules in
// both themes.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from '../support/browser.ts';
import { buildDescription } from '../support/built-pages.ts';
import { ROOT } from '../support/server.ts';
import { type StaticHost, withBuiltStaticHost } from '../support/static-host.ts';

const DIST = join(ROOT, '.test-dist/browser-i18n');

const test = base.extend<object, { localesHost: StaticHost }>({
  localesHost: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function needs from its first parameter.
    async ({}, use) =>
      withBuiltStaticHost(
        DIST,
        () => buildDescription(join(ROOT, 'spec/openapi.yaml'), DIST, { PETSTORE_LOCALES: 'fr,ar' }),
        use,
      ),
    { scope: 'worker', timeout: 300_000 },
  ],
});

test.use({ baseURL: async ({ localesHost }, use) => use(localesHost.url) });

test('the language picker on an operation page lands on the same operation in that language', async ({ page }) => {
  await page.goto('/reference/delete-pet/');
  await page.locator('starlight-lang-select select').first().selectOption({ label: 'Français' });
  await page.waitForURL('**/fr/reference/delete-pet/');
  assert.equal(await page.locator('h1').first().textContent(), 'Supprimer un animal');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  await page.locator('starlight-lang-select select').first().selectOption({ label: 'العربية' });
  await page.waitForURL('**/ar/reference/delete-pet/');
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  await page.locator('starlight-lang-select select').first().selectOption({ label: 'English' });
  await page.waitForURL((url) => url.pathname === '/reference/delete-pet/');
});

test('the Arabic page keeps a path left to right inside a right-to-left sentence', async ({ page }) => {
  await page.goto('/ar/reference/delete-pet/');
  const direction = await page.locator('.ref-op-head .ref-path').evaluate((el) => getComputedStyle(el).direction);
  assert.equal(direction, 'ltr');
  assert.equal(await page.locator('.ref-op-head .ref-path').textContent(), '/pets/{petId}');
});

test('the Arabic try-it: the response body reads left to right, text left in English is marked English, the page stays right to left', async ({
  page,
}) => {
  await page.goto('/ar/reference/list-pets/');
  await page.locator('.ref-tryit-button').first().click();
  const client = page.locator('.scalar-client');
  const send = client.locator('[data-addressbar-action="send"]').first();
  await send.waitFor({ timeout: 45_000 });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/mock/'));
  await send.click();
  assert.equal((await answered).status(), 200);
  const body = client.getByText('"Rex"').first();
  await expect(body).toBeVisible();
  assert.equal(await body.evaluate((el) => getComputedStyle(el).direction), 'ltr', 'the JSON body');
  const address = client.locator('.cm-editor').first();
  assert.equal(await address.evaluate((el) => getComputedStyle(el).direction), 'ltr', 'the URL');
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).direction), 'rtl', 'the page');
  // Every element of the client whose own text is English only (no Arabic letter) outside code is
  // marked English, left to right.
  await expect
    .poll(() =>
      client.evaluate((root) => {
        const code = '.cm-editor, .scalar-code-block, pre, code, input, textarea, [contenteditable]';
        const unmarked: string[] = [];
        for (const el of root.querySelectorAll<HTMLElement>('p, li, span, div, label, button, a, h1, h2, h3, td, th')) {
          if (el.closest(code) || el.closest('[lang="en"]')) continue;
          let own = '';
          for (const n of el.childNodes) if (n.nodeType === Node.TEXT_NODE) own += n.textContent ?? '';
          if (/[A-Za-z]{2,}/.test(own) && !/[\u0590-\u08FF]/.test(own)) unmarked.push(own.trim());
        }
        return unmarked;
      }),
    )
    .toEqual([]);
});

/** The WCAG 2.2 A and AA rules of axe-core (WCAG 2.0 and 2.1 included), as reference.spec.ts runs them. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const path of ['/fr/reference/list-pets/', '/ar/reference/list-pets/', '/ar/reference/get-pet/']) {
  for (const theme of ['light', 'dark']) {
    test(`axe-core WCAG 2.2 AA, ${path} (${theme}): no violation`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('starlight-theme', t), theme);
      await page.goto(path);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
      const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
      const lines = results.violations.map(
        (v) =>
          `${v.id} (${v.nodes.length}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(', ')}`,
      );
      assert.deepEqual(lines, []);
    });
  }
}
