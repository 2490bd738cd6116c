// Several APIs in one site, in the browser on a static host (no mock route): from the catalog to an
// operation of the second API, whose try-it is answered by that API's own in-browser mock (its worker
// below its base), and the search dialog kept to the API being read. The same build holds three public
// descriptions (ReadMe's samples: every kind of security scheme, OAuth 2.0 only, Swagger 2.0): a reader's
// first Send in try-it, changing nothing, on each of their operations, from the in-browser mock and from
// the server (`npm start`'s) on the same build.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { buildApis, PUBLIC_APIS, WITH_PUBLIC_APIS } from '../support/apis.ts';
import { expect, openSiteSearch, searchResults, testOnBuiltSite } from '../support/browser.ts';
import { firstSend, type TryItOperation, tryItOperations } from '../support/first-send.ts';
import { ROOT, type RunningSite, startSite } from '../support/server.ts';

const DIST = join(ROOT, '.test-dist/browser-apis');

const built = testOnBuiltSite(DIST, () => buildApis(DIST, { PETSTORE_APIS: WITH_PUBLIC_APIS }));

/** The same build served by the site's server (`npm start`: the mock on the server), for a describe's tests. */
const test = built.extend<object, { siteServer: RunningSite }>({
  siteServer: [
    async ({ builtHost }, use) => {
      assert.ok(builtHost.url, 'built first');
      const site = await startSite({
        DIST_DIR: DIST.slice(ROOT.length),
        PETSTORE_APIS: WITH_PUBLIC_APIS,
        PETSTORE_VERSIONS: 'all',
      });
      await use(site);
      await site.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

test("from the catalog to the partner API's operation: try-it answered by the partner's in-browser mock", async ({
  page,
}) => {
  await page.goto('/reference/');
  await page.getByRole('main').getByRole('link', { name: 'Partner Pets API' }).first().click();
  await page.waitForURL('**/reference/partner/');
  await page.getByRole('main').getByRole('link', { name: "List the partner's pets" }).first().click();
  await page.waitForURL('**/reference/partner/list-pets/');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Partner Pets API');

  await page.getByRole('button', { name: 'Try it' }).click();
  const client = page.locator('.scalar-client');
  const send = client.getByRole('button', { name: /^Send/ }).first();
  await send.waitFor({ timeout: 30_000 });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/mock/'));
  await send.click();
  const response = await answered;
  assert.equal(new URL(response.url()).pathname, '/api/mock/partner/pets');
  assert.ok(response.fromServiceWorker(), 'answered by the in-browser mock');
  assert.equal(response.status(), 200, await response.text());
  assert.deepEqual(
    ((await response.json()) as Array<{ name: string }>).map((p) => p.name),
    ['Biscuit'],
  );
  const scopes = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname),
  );
  assert.deepEqual(scopes, ['/reference/partner/'], "the partner's worker only");
});

test("an operation needing another scheme than its API's: try-it asks for that one, sends it and remembers it", async ({
  page,
}) => {
  const open = async (path: string) => {
    await page.goto(path);
    await page.getByRole('button', { name: 'Try it' }).click();
    const client = page.locator('.scalar-client');
    await client.getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: 30_000 });
    return client;
  };
  const sent = async () => {
    const request = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/mock/'));
    await page.locator('.scalar-client').getByRole('button', { name: /^Send/ }).first().click();
    return (await request).headers();
  };
  // getShelter needs partner_admin (X-Partner-Admin); the partner's other operations partner_key.
  const client = await open('/reference/partner/get-shelter/');
  const key = client.locator('input').first();
  await expect(key).toHaveValue(/^reader-/);
  await key.fill('admin-key-1');
  await key.blur();
  const admin = await sent();
  assert.equal(admin['x-partner-admin'], 'admin-key-1');
  assert.equal(admin['x-partner-key'], undefined);

  await open('/reference/partner/list-pets/');
  const list = await sent();
  assert.match(list['x-partner-key'] ?? '', /^reader-/, "the API's own scheme, with the sandbox token");
  assert.equal(list['x-partner-admin'], undefined);

  await page.reload();
  await page.goto('/reference/partner/get-shelter/');
  await page.getByRole('button', { name: 'Try it' }).click();
  await page.locator('.scalar-client').getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: 30_000 });
  assert.equal((await sent())['x-partner-admin'], 'admin-key-1', 'remembered for that scheme');
});

test('search keeps to the API being read, each result saying its API; "All APIs" drops it', async ({ page }) => {
  await page.goto('/reference/partner/delete-pet/');
  const input = await openSiteSearch(page);
  const all = page.getByRole('checkbox', { name: /All APIs/ });
  await expect(all).not.toBeChecked();
  await input.fill('deletePet');
  const own = await searchResults(page);
  const deletes = (found: Array<{ path: string }>) =>
    found
      .map((r) => r.path)
      .filter((p) => p.endsWith('/delete-pet/'))
      .sort();
  assert.deepEqual(deletes(own), ['/reference/partner/delete-pet/']);
  for (const r of own) if (r.path.startsWith('/reference/')) assert.match(r.api ?? '', /Partner Pets API/, r.path);
  await all.check();
  // The other APIs' deletePet pages too (the Petstore's, every version of it: the partner has no versions to keep to).
  await expect
    .poll(async () => deletes(await searchResults(page)).includes('/reference/petstore/delete-pet/'), {
      timeout: 15_000,
    })
    .toBe(true);
  assert.ok(deletes(await searchResults(page)).includes('/reference/partner/delete-pet/'));
});

/** The operations of the public descriptions, with what each leaves to the reader. */
async function publicOperations(): Promise<TryItOperation[]> {
  const all: TryItOperation[] = [];
  for (const api of PUBLIC_APIS) all.push(...(await tryItOperations(join(DIST, 'client'), api.id, api.description)));
  return all;
}

/**
 * Presses "Try it" and Send once, changing nothing, on each operation: those that need no input the
 * description does not exemplify must get a 2xx from the mock; the others (a required parameter without
 * an example gets one from its schema) must at least reach the mock and pass its authentication.
 * @returns one line per operation that did not
 */
async function firstSends(
  page: Page,
  ops: readonly TryItOperation[],
  backend: 'server' | 'browser',
): Promise<string[]> {
  const failures: string[] = [];
  let ready = 0;
  let succeeded = 0;
  for (const op of ops) {
    const sent = await firstSend(page, op);
    const name = `${op.api} ${op.method.toUpperCase()} ${op.path}`;
    assert.equal(await page.evaluate(() => document.documentElement.dataset.mockBackend), backend, name);
    if (op.unexemplified.length === 0) {
      ready++;
      if (sent.status !== undefined && sent.status >= 200 && sent.status < 300) succeeded++;
      else failures.push(`${name}: ${sent.status ?? sent.error} ${sent.body ?? ''}`);
    } else if (sent.status === undefined || sent.status === 401) {
      failures.push(`${name} (needs ${op.unexemplified.join(', ')}): ${sent.status ?? sent.error} ${sent.body ?? ''}`);
    }
  }
  console.log(`first Sends with a 2xx (${backend} mock): ${succeeded} of ${ready} operations needing no input`);
  return failures;
}

test.describe('try-it on public descriptions: the first Send, changing nothing', () => {
  test.describe.configure({ timeout: 600_000 });

  test('answered by the in-browser mock (a static host)', async ({ page }) => {
    const ops = await publicOperations();
    assert.ok(ops.length >= 30, `the public descriptions' operations (${ops.length})`);
    assert.deepEqual(
      await firstSends(
        page,
        ops.filter((op) => op.unexemplified.length === 0),
        'browser',
      ),
      [],
    );
  });

  test.describe('answered by the server', () => {
    test.use({ baseURL: async ({ siteServer }, use) => use(siteServer.url) });
    test('every operation; those with a required parameter without an example too', async ({ page }) => {
      assert.deepEqual(await firstSends(page, await publicOperations(), 'server'), []);
    });
  });
});

test.describe('try-it credentials on the mock', () => {
  test.use({ baseURL: async ({ siteServer }, use) => use(siteServer.url) });

  const sentFor = async (page: Page, api: string, path: string, method: string) => {
    const op = (await publicOperations()).find((o) => o.api === api && o.path === path && o.method === method);
    if (!op) throw new Error(`no operation ${method} ${path} in ${api}`);
    return firstSend(page, op);
  };

  test('each kind of scheme carries the sandbox token; the page says what the mock takes in place of a flow', async ({
    page,
  }) => {
    const basic = await sentFor(page, 'security', '/anything/basic', 'post');
    const token = await page.evaluate(() => localStorage.getItem('petstore-mock-token'));
    assert.match(token ?? '', /^reader-/);
    assert.equal(basic.headers?.authorization, `Basic ${Buffer.from(`sandbox:${token}`).toString('base64')}`);
    await expect(page.locator('.ref-tryit-mock-auth')).toContainText('user name "sandbox"');

    const cookie = await sentFor(page, 'security', '/anything/apiKey', 'post');
    assert.equal(
      cookie.headers?.['x-scalar-cookie'],
      `api_key=${token}`,
      'the cookie, as the mock reads it from a page',
    );
    assert.equal(cookie.status, 200);

    for (const method of ['post', 'get', 'put', 'patch', 'delete']) {
      const oauth = await sentFor(page, 'security', '/anything/oauth2', method);
      assert.equal(oauth.headers?.authorization, `Bearer ${token}`, `OAuth 2.0, ${method}`);
    }
    await expect(page.locator('.ref-tryit-mock-auth')).toHaveText(
      'The mock takes your sandbox token as the access token in place of the OAuth 2.0 flow.',
    );
    const oidc = await sentFor(page, 'security', '/anything/openIdConnect', 'post');
    assert.equal(oidc.headers?.authorization, `Bearer ${token}`, 'OpenID Connect');

    const optional = await sentFor(page, 'security', '/anything/optional-auth', 'get');
    assert.equal(optional.status, 200);
    assert.equal(optional.headers?.authorization, undefined, 'optional security: no credentials');
    assert.doesNotMatch(optional.url ?? '', /apiKey=/);
  });

  test('the client with the filled credentials and the line about the flow: no axe violation', async ({ page }) => {
    await sentFor(page, 'train-travel', '/stations', 'get');
    await expect(page.locator('.scalar-client[role="dialog"] .ref-tryit-mock-auth')).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('.scalar-client')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    assert.deepEqual(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
    );
  });

  test("on a real server nothing is filled in; the filled token is never remembered as the reader's", async ({
    page,
  }) => {
    const op = (await publicOperations()).find((o) => o.api === 'train-travel' && o.path === '/stations');
    if (!op) throw new Error('no GET /stations');
    await page.goto(op.page);
    await page.getByRole('button', { name: 'Try it' }).click();
    const client = page.locator('.scalar-client');
    await client.getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: 45_000 });
    const token = await page.evaluate(() => localStorage.getItem('petstore-mock-token'));
    const holding = () =>
      client
        .locator('input')
        .evaluateAll((inputs, t) => inputs.filter((i) => (i as HTMLInputElement).value === t).length, token);
    const remembered = () => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('.auth.')));
    await expect.poll(holding).toBe(1);
    await expect(page.locator('.ref-tryit-mock-auth')).toBeVisible();
    // The description's own server: the access token field is empty, the line about the mock gone.
    await client
      .getByRole('button', { name: /^Server:/ })
      .first()
      .click();
    await client.getByRole('button', { name: 'https://api.example.com' }).first().click();
    await expect.poll(holding).toBe(0);
    await expect(page.locator('.ref-tryit-mock-auth')).toBeHidden();
    // Back to the mock: filled in again.
    await client
      .getByRole('button', { name: /^Server:/ })
      .first()
      .click();
    await client
      .getByRole('button', { name: /\/api\/mock\/train-travel$/ })
      .first()
      .click();
    await expect.poll(holding).toBe(1);
    assert.deepEqual(await remembered(), []);
  });
});
