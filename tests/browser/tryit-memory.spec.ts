// Try-it remembers what a reader enters (site/reference/browser/remember.ts): a token typed on one
// operation is sent by another and after a reload, is gone in a new browser context with the default
// `tryIt.persistAuth: 'session'`, kept there with 'local', never kept with false; "Forget credentials"
// clears it; the server chosen once is used on every page; the token never leaves for another origin.
// The other persistence modes are the same client reading another value from its try-it document: the
// test rewrites that one field of the document on its way to the page instead of building the site again.
import assert from 'node:assert/strict';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, SCALAR_RENDER_MS, test } from '../support/browser.ts';

const TOKEN = 'my-own-token-7f3a';

/** Opens the request client on the page's operation and waits until it can send. */
async function openClient(page: Page) {
  await page.getByRole('button', { name: 'Try it' }).click();
  const client = page.locator('.scalar-client');
  await client.getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: SCALAR_RENDER_MS });
  return client;
}

/** Types a bearer token into the client's auth field, as a reader does. */
async function typeToken(page: Page, token: string): Promise<void> {
  const field = page.locator('.scalar-client input[placeholder="Token"]').first();
  await field.fill(token);
  await field.blur();
}

/** Sends the open client's request to the mock and returns the request the browser made. */
async function send(page: Page, origin: string): Promise<Request> {
  const sent = page.waitForRequest((r) => r.url().startsWith(`${origin}/api/mock/`));
  await page.locator('.scalar-client').getByRole('button', { name: /^Send/ }).first().click();
  return sent;
}

/** Gives every try-it document of the context another `persistAuth` value. */
async function persistAs(context: BrowserContext, mode: 'session' | 'local' | false): Promise<void> {
  await context.route('**/tryit/*.json', async (route) => {
    const response = await route.fetch();
    const data = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...data, persistAuth: mode } });
  });
}

/** Every request of a context that carried `secret` anywhere in its URL or headers. */
function carrying(context: BrowserContext, secret: string): string[] {
  const seen: string[] = [];
  context.on('request', (r) => {
    if (r.url().includes(secret) || Object.values(r.headers()).some((v) => v.includes(secret))) seen.push(r.url());
  });
  return seen;
}

/** What try-it keeps in Web Storage (keys and values), for the assertions on where a token went. */
function stored(page: Page): Promise<{ session: string; local: string }> {
  return page.evaluate(() => ({
    session: JSON.stringify({ ...sessionStorage }),
    local: JSON.stringify({ ...localStorage }),
  }));
}

test.describe('try-it remembers credentials per API and scheme', () => {
  test("session (default): another operation and a reload send the reader's token; a new context does not", async ({
    page,
    context,
    origin,
    browser,
  }) => {
    const leaks = carrying(context, TOKEN);
    await page.goto(`${origin}/reference/list-pets/`);
    await openClient(page);
    await typeToken(page, TOKEN);
    assert.equal((await send(page, origin)).headers().authorization, `Bearer ${TOKEN}`);
    await expect.poll(async () => (await stored(page)).session).toContain(TOKEN);
    assert.doesNotMatch((await stored(page)).local, new RegExp(TOKEN), 'not in localStorage');

    await page.goto(`${origin}/reference/list-categories/`);
    await openClient(page);
    assert.equal((await send(page, origin)).headers().authorization, `Bearer ${TOKEN}`, 'another operation');

    await page.reload();
    await openClient(page);
    assert.equal((await send(page, origin)).headers().authorization, `Bearer ${TOKEN}`, 'after a reload');

    const fresh = await browser.newContext();
    try {
      const other = await fresh.newPage();
      await other.goto(`${origin}/reference/list-categories/`);
      await openClient(other);
      const auth = (await send(other, origin)).headers().authorization ?? '';
      assert.match(auth, /^Bearer reader-/, 'a new context gets its generated mock token');
    } finally {
      await fresh.close();
    }
    assert.ok(
      leaks.every((u) => u.startsWith(`${origin}/api/mock/`) && !u.includes(TOKEN)),
      `the token went only to the mock, in a header: ${leaks.join(', ')}`,
    );
    assert.doesNotMatch(page.url(), new RegExp(TOKEN));
  });

  test("'local': the token is kept in this browser, a new tab included", async ({ page, context, origin }) => {
    await persistAs(context, 'local');
    await page.goto(`${origin}/reference/list-pets/`);
    await openClient(page);
    await typeToken(page, TOKEN);
    await expect.poll(async () => (await stored(page)).local).toContain(TOKEN);
    const tab = await context.newPage();
    await tab.goto(`${origin}/reference/get-category/`);
    await openClient(tab);
    assert.equal((await send(tab, origin)).headers().authorization, `Bearer ${TOKEN}`);
  });

  test('false: nothing is kept; the next operation starts from the mock token', async ({ page, context, origin }) => {
    await persistAs(context, false);
    await page.goto(`${origin}/reference/list-pets/`);
    await openClient(page);
    await typeToken(page, TOKEN);
    assert.equal((await send(page, origin)).headers().authorization, `Bearer ${TOKEN}`);
    const kept = await stored(page);
    assert.doesNotMatch(kept.session + kept.local, new RegExp(TOKEN));
    await page.goto(`${origin}/reference/list-categories/`);
    await openClient(page);
    assert.match((await send(page, origin)).headers().authorization ?? '', /^Bearer reader-/);
  });

  test('"Forget credentials" clears the kept token, in the open client too', async ({ page, origin }) => {
    await page.goto(`${origin}/reference/list-pets/`);
    await openClient(page);
    await typeToken(page, TOKEN);
    await expect.poll(async () => (await stored(page)).session).toContain(TOKEN);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Forget credentials' }).click();
    await expect(page.locator('.ref-tryit-status')).toContainText('Credentials forgotten');
    const kept = await stored(page);
    assert.doesNotMatch(kept.session + kept.local, new RegExp(TOKEN));
    await openClient(page);
    assert.match(
      (await send(page, origin)).headers().authorization ?? '',
      /^Bearer reader-/,
      'the open client forgot it',
    );
    await page.goto(`${origin}/reference/list-categories/`);
    await openClient(page);
    assert.match((await send(page, origin)).headers().authorization ?? '', /^Bearer reader-/, 'the next page too');
  });
});

test.describe('try-it remembers the server chosen', () => {
  test('chosen on one operation, the server (and its variables) is used on the next pages', async ({
    page,
    origin,
  }) => {
    await page.goto(`${origin}/reference/list-pets/`);
    const client = await openClient(page);
    await client
      .getByRole('button', { name: /^Server:/ })
      .first()
      .click();
    await page.getByRole('button', { name: '{base_url}', exact: true }).click();
    await expect(
      client.getByRole('button', { name: /^Send get request to \{base_url\}\/pets/ }).first(),
    ).toBeAttached();

    await page.goto(`${origin}/reference/list-categories/`);
    const next = await openClient(page);
    await expect(
      next.getByRole('button', { name: /^Send get request to \{base_url\}\/categories/ }).first(),
    ).toBeAttached();

    // The variable's value comes back too: here a base URL on this origin that is not the mock.
    const key = await page.evaluate(() => Object.keys(sessionStorage).find((k) => k.endsWith('.server')) ?? '');
    assert.match(key, /^petstore-docs\.tryit\.[^.]+\.server$/);
    await page.evaluate(
      ({ k, base }) => sessionStorage.setItem(k, JSON.stringify({ url: '{base_url}', variables: { base_url: base } })),
      { k: key, base: `${origin}/api` },
    );
    await page.reload();
    await openClient(page);
    const sent = page.waitForRequest((r) => r.url().startsWith(`${origin}/api/categories`));
    await page.locator('.scalar-client').getByRole('button', { name: /^Send/ }).first().click();
    assert.equal(new URL((await sent).url()).pathname, '/api/categories');
  });
});
