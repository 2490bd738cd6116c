// Named examples (tests/fixtures/named-examples: three named request examples, two named response
// examples), built for real and served by `npm start`: each shown by its name (the summary rendered as
// Markdown) with a picker that works without JavaScript, the code samples following the pick, the
// Markdown twin listing them all, and try-it sending the example picked.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, SCALAR_RENDER_MS } from '../support/browser.ts';
import { buildDescription } from '../support/built-pages.ts';
import { ROOT, type RunningSite, startSite } from '../support/server.ts';

const DIST = join(ROOT, '.test-dist/browser-named-examples');
const SPEC = join(ROOT, 'tests/fixtures/named-examples/openapi.yaml');

const test = base.extend<object, { examplesSite: RunningSite }>({
  examplesSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function needs from its first parameter.
    async ({}, use) => {
      const build = buildDescription(SPEC, DIST);
      assert.equal(build.status, 0, build.output.slice(-4000));
      const site = await startSite({ DIST_DIR: '.test-dist/browser-named-examples' });
      await use(site);
      await site.stop();
      rmSync(DIST, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});
test.use({ baseURL: async ({ examplesSite }, use) => use(examplesSite.url) });

const PAGE = '/reference/create-user/';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every example by its name, the summary as Markdown; picking one shows it and its code samples', async ({
    page,
    origin,
  }) => {
    await page.goto(`${origin}${PAGE}`);
    const request = page.locator('#request-body ~ .ref-media fieldset.ref-examples').first();
    const labels = request.locator('label');
    await expect(labels).toHaveCount(3);
    await expect(labels.nth(0).locator('code')).toHaveText('email');
    await expect(labels.nth(1).locator('strong')).toHaveText('name');
    await expect(labels.nth(2)).toHaveText('admin');
    assert.doesNotMatch((await labels.allTextContents()).join(' '), /`/, 'no raw backticks');
    await expect(request.locator('figure.ref-example:visible pre')).toContainText('first@example.com');
    const sample = () => page.locator('.ref-sample-set:visible [role="tabpanel"] pre').first();
    await expect(sample()).toContainText('first@example.com');

    await labels.nth(2).click();
    await expect(request.locator('figure.ref-example:visible')).toHaveCount(1);
    await expect(request.locator('figure.ref-example:visible pre')).toContainText('admin@example.com');
    await expect(page.locator('.ref-sample-set:visible')).toHaveCount(1);
    await expect(sample()).toContainText('admin@example.com');
    await expect(page.locator('.ref-sample-set:visible')).toContainText('These samples send the example “admin”');

    const responses = page.locator('#response-201 ~ .ref-media fieldset.ref-examples').first();
    await expect(responses.locator('label')).toHaveCount(2);
    await expect(responses.locator('label').first().locator('code')).toHaveText('created');
    await responses.locator('label').nth(1).click();
    await expect(responses.locator('figure.ref-example:visible pre')).toContainText('"role": "admin"');
    // The keyboard: the picker is a radio group.
    await responses.locator('input').nth(1).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(responses.locator('figure.ref-example:visible pre')).toContainText('first@example.com');
  });

  test('the Markdown twin lists every example by name', async ({ page, origin }) => {
    const md = await (await page.request.get(`${origin}/reference/create-user.md`)).text();
    for (const name of ['userRegistration', 'userRegistration alt', 'admin', 'created', 'createdAdmin']) {
      assert.ok(md.includes(`Example \`${name}\``), name);
    }
    assert.match(md, /A new user with an `email` only/);
  });
});

test('try-it sends the example picked on the page', async ({ page, origin }) => {
  await page.goto(`${origin}${PAGE}`);
  await page.locator('label', { hasText: 'The same user, with a name' }).click();
  await page.getByRole('button', { name: 'Try it' }).click();
  const client = page.locator('.scalar-client');
  await client.getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: SCALAR_RENDER_MS });
  const sent = page.waitForRequest((r) => r.url().startsWith(`${origin}/api/mock/users`));
  await client.getByRole('button', { name: /^Send/ }).first().click();
  const request = await sent;
  assert.equal(request.method(), 'POST');
  assert.deepEqual(request.postDataJSON(), { email: 'second@example.com', name: 'Second' });
  assert.equal(new URL(request.url()).search, '', 'the optional dryRun stays unticked');
});
