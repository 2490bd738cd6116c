// "Copy page" and "View as Markdown" on guide and operation pages, in the system Chromium against
// the built site as `npm start` serves it: the button copies the page's Markdown twin to the
// clipboard, by mouse and by keyboard, says so to screen readers; the link works without JavaScript.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/browser.ts';
import { ROOT } from '../support/server.ts';

const markdownOf = (file: string): string => readFileSync(join(ROOT, 'dist', 'client', file), 'utf8');

test.describe('Copy page', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  });

  test('an operation page copies its Markdown (GET /pets)', async ({ page, onlySiteRequests: _ }) => {
    await page.goto('/reference/list-pets/');
    const button = page.getByRole('button', { name: 'Copy page' });
    await expect(button).toBeVisible();
    await button.click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toHaveCount(1);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, markdownOf('reference/list-pets.md'));
    assert.match(copied, /^# List pets\n\n> For AI agents: .*\n\n`GET` `\/pets`/);
  });

  test('a guide copies by keyboard, and the link opens the Markdown', async ({ page }) => {
    await page.goto('/guides/getting-started/');
    const button = page.getByRole('button', { name: 'Copy page' });
    await expect(button).toBeVisible();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toHaveCount(1);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), markdownOf('guides/getting-started.md'));
    const link = page.getByRole('link', { name: 'View as Markdown' });
    assert.equal(await link.getAttribute('href'), '/guides/getting-started.md');
    const res = await page.request.get('/guides/getting-started.md');
    assert.match(res.headers()['content-type'] ?? '', /^text\/markdown/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the link shows, the button (which needs a script) does not', async ({ page }) => {
    await page.goto('/reference/get-inventory-item/');
    await expect(page.getByRole('link', { name: 'View as Markdown' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy page' })).toBeHidden();
  });
});
