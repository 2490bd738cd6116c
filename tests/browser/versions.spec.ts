// Switching versions on an operation page with the keyboard, with JavaScript on and off: the fixture
// history (1.0.0, 1.1.0, 2.0.0) built for real with every release published, served as a static host
// serves it. The switcher is a <details> of plain links, so both ways must behave the same.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openSiteSearch, SCALAR_RENDER_MS, searchResults, testOnBuiltSite } from '../support/browser.ts';
import { ROOT } from '../support/server.ts';
import { buildVersions } from '../support/versions.ts';

const DIST = join(ROOT, '.test-dist/browser-versions');

const test = testOnBuiltSite(DIST, () => buildVersions(DIST));

/**
 * Opens the switcher from the keyboard (Tab until its summary has focus, Enter), then Tabs to the
 * link of `version` and follows it with Enter.
 */
async function switchTo(page: Page, version: string) {
  const summary = page.locator('.ref-versions summary');
  for (let i = 0; i < 60 && !(await summary.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(summary).toBeFocused();
  await page.keyboard.press('Enter');
  const link = page.locator(`.ref-versions a[data-version="${version}"]`);
  await expect(link).toBeVisible();
  for (let i = 0; i < 10 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(link).toBeFocused();
  await Promise.all([page.waitForURL(`**${await link.getAttribute('href')}`), page.keyboard.press('Enter')]);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the version switcher, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('from 1.0.0 to the current version and back, on the same operation', async ({ page }) => {
      await page.goto('/reference/1.0.0/list-pets/');
      await expect(page.locator('.sl-banner')).toContainText('You are reading version 1.0.0');
      const sortParameter = page.locator('table.ref-params td > code', { hasText: /^sort$/ });
      await expect(sortParameter).toHaveCount(0);

      await switchTo(page, '2.0.0');
      assert.equal(new URL(page.url()).pathname, '/reference/list-pets/');
      await expect(page.locator('.sl-banner')).toHaveCount(0);
      await expect(sortParameter).toHaveCount(1);

      await switchTo(page, '1.1.0');
      assert.equal(new URL(page.url()).pathname, '/reference/1.1.0/list-pets/');
      await expect(page.locator('.ref-versions summary')).toHaveText('Version 1.1.0');
    });

    test('to a version without the operation: the page says it was removed after its sunset', async ({ page }) => {
      await page.goto('/reference/1.1.0/get-pet/');
      await switchTo(page, '2.0.0');
      assert.equal(new URL(page.url()).pathname, '/reference/get-pet/');
      await expect(page.locator('main')).toContainText('It was removed in 2.0.0, after its sunset date 30 June 2026.');
      await switchTo(page, '1.0.0');
      assert.equal(new URL(page.url()).pathname, '/reference/1.0.0/get-pet/');
    });
  });
}

test.describe('try-it on an older version', () => {
  test('sends to that version’s mock: 1.0.0’s getPet answers, from its own description', async ({ page, origin }) => {
    await page.goto('/reference/1.0.0/get-pet/');
    await page.getByRole('button', { name: 'Try it' }).click();
    const client = page.locator('.scalar-client');
    const send = client.getByRole('button', { name: /^Send/ }).first();
    await send.waitFor({ timeout: SCALAR_RENDER_MS });
    // A static host: the in-browser mock answers, for the version of the page.
    const answered = page.waitForResponse((r) => r.url().startsWith(`${origin}/api/mock/@1.0.0/pets/`));
    await send.click();
    const res = await answered;
    assert.equal(res.status(), 200);
    assert.ok(res.fromServiceWorker(), 'answered by the in-browser mock');
    const pet = (await res.json()) as { id: number; name: string };
    assert.equal(typeof pet.name, 'string');
  });
});

test.describe('search on an older version', () => {
  const listPets = (found: Array<{ path: string }>) =>
    found
      .map((r) => r.path)
      .filter((p) => p.endsWith('/list-pets/'))
      .sort();

  test('finds that version’s page by default, every version’s after "All versions", and the guides both ways', async ({
    page,
  }) => {
    await page.goto('/reference/1.0.0/list-pets/');
    const input = await openSiteSearch(page);
    const all = page.getByRole('checkbox', { name: /All versions/ });
    await expect(all).not.toBeChecked();
    await input.fill('listPets');
    const own = await searchResults(page);
    assert.deepEqual(listPets(own), ['/reference/1.0.0/list-pets/']);
    // Every reference result is 1.0.0's and says so; the others are guides and the changelog.
    for (const r of own) {
      if (r.path.startsWith('/reference/')) assert.equal(r.version, 'Version: 1.0.0', r.path);
      else assert.equal(r.version, undefined, r.path);
    }

    await all.check();
    // The results change when Pagefind has searched again.
    await expect
      .poll(async () => listPets(await searchResults(page)), { timeout: 15_000 })
      .toEqual(['/reference/1.0.0/list-pets/', '/reference/1.1.0/list-pets/', '/reference/list-pets/']);
    const every = await searchResults(page);
    assert.equal(every.find((r) => r.path === '/reference/list-pets/')?.version, 'Version: 2.0.0');

    // The guides belong to every version: found with and without "All versions".
    const guide = async () => (await searchResults(page)).some((r) => r.path === '/guides/custom-domains/');
    await input.fill('ANAME');
    await expect.poll(guide, { timeout: 15_000 }).toBe(true);
    await all.uncheck();
    await expect(all).not.toBeChecked();
    await expect.poll(guide, { timeout: 15_000 }).toBe(true);
  });
});
